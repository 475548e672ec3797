package dev.tide.server;
