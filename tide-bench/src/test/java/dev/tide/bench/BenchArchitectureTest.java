package dev.tide.bench;

import dev.tide.architecture.ArchitectureContract;

/** The architecture rules on the benchmarks with api and core: they too reach the store only through the facade. */
class BenchArchitectureTest extends ArchitectureContract {
    @Override
    protected String ownClass() {
        return "dev.tide.bench.BenchDatabase";
    }
}
