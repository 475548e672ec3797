package dev.tide.core.auth;

import com.password4j.Argon2Function;
import com.password4j.Password;
import com.password4j.types.Argon2;

/**
 * Argon2id with OWASP's recommended cost (19 MiB, 2 passes, 1 lane), stored as a PHC string that carries its own
 * parameters, so raising the cost later still verifies older hashes. Checked at sign-in only, never per request:
 * requests carry the session token sign-in gives.
 */
final class PasswordHashing {
    private static final Argon2Function ARGON2ID = Argon2Function.getInstance(19 * 1024, 2, 1, 32, Argon2.ID, 19);

    /**
     * Verified against when a user has no password, so that a sign-in for an unknown user costs as long as one for a
     * known user with a wrong password: the answer's timing tells nothing.
     */
    private static final String DECOY = hash("tide decoy password that matches nothing");

    private PasswordHashing() {}

    static String hash(String password) {
        return Password.hash(password).addRandomSalt(16).with(ARGON2ID).getResult();
    }

    /** Whether {@code password} matches {@code hash}; with a null hash, spends the same time and answers false. */
    static boolean matches(String password, String hash) {
        if (hash == null) {
            Argon2Function.getInstanceFromHash(DECOY).check(password, DECOY);
            return false;
        }
        return Argon2Function.getInstanceFromHash(hash).check(password, hash);
    }
}
