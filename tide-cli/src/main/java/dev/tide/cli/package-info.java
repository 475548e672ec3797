package dev.tide.cli;
