package dev.tide.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made by the JDK's own {@code keytool} as an operator would:
 * the server's PKCS12 keystore, and a trust store holding only its certificate for clients.
 */
record GeneratedKeystore(Path keystore, Path trustStore, char[] password) {
    static final String ALIAS = "tide";

    static GeneratedKeystore in(Path folder) {
        String password = "keystore-secret";
        Path keystore = folder.resolve("server.p12");
        Path certificate = folder.resolve("server.crt");
        Path trustStore = folder.resolve("trust.p12");
        keytool(
                "-genkeypair",
                "-alias",
                ALIAS,
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-validity",
                "2",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-storetype",
                "PKCS12",
                "-keystore",
                keystore.toString(),
                "-storepass",
                password);
        keytool(
                "-exportcert",
                "-alias",
                ALIAS,
                "-keystore",
                keystore.toString(),
                "-storepass",
                password,
                "-file",
                certificate.toString());
        keytool(
                "-importcert",
                "-noprompt",
                "-alias",
                ALIAS,
                "-file",
                certificate.toString(),
                "-storetype",
                "PKCS12",
                "-keystore",
                trustStore.toString(),
                "-storepass",
                password);
        return new GeneratedKeystore(keystore, trustStore, password.toCharArray());
    }

    private static void keytool(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (process.waitFor() != 0) {
                throw new IllegalStateException("keytool " + args[0] + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("keytool could not run", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool ran", e);
        }
    }
}
