package dev.tide.client;
