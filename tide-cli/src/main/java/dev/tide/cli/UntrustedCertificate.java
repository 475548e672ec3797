package dev.tide.cli;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Recognises a TLS handshake refused because the server's certificate is not trusted here (Java's "PKIX path building
 * failed"), the usual first meeting with one's own server over HTTPS: its certificate is its own, not an authority's.
 */
final class UntrustedCertificate {
    static final String HINT = "pass --trust-store FILE: the server's keystore, or a PKCS12 trust store holding its"
            + " certificate (--trust-store-password-env VAR for its password)";

    private UntrustedCertificate() {}

    /** Whether {@code error} was caused by a handshake that refused the server's certificate. */
    static boolean causedBy(Throwable error) {
        boolean handshake = false;
        for (Throwable t = error; t != null; t = t.getCause()) {
            handshake |= t instanceof SSLHandshakeException;
            if (handshake
                    && (t instanceof CertificateException
                            || t instanceof CertPathBuilderException
                            || t instanceof CertPathValidatorException)) {
                return true;
            }
        }
        return false;
    }

    /** One line for a person: which server, and the option to pass. */
    static String describe(Throwable error) {
        String message = error.getMessage() == null ? "" : error.getMessage();
        int reason = message.indexOf(" could not be reached");
        String server = reason > 0 ? message.substring(0, reason) : "the server";
        return server + " presented a certificate that is not trusted here; " + HINT;
    }
}
