package dev.tide.server;

import dev.tide.core.contract.AdmissionContract;
import dev.tide.core.contract.FixtureFactory;

/** Per-user admission over loopback HTTP: 429s decoded back to the same exceptions. */
class HttpAdmissionTest extends AdmissionContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
