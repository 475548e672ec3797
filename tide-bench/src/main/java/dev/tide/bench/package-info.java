package dev.tide.bench;
