package dev.tide.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * The server's certificate and private key, from a PKCS12 keystore, for {@link TideServer.Builder#tls(TlsKeystore)}.
 * It is read when loaded, not when Jetty starts, so a missing file or a wrong password is told at once in one sentence
 * naming the file, before anything else is opened.
 */
public final class TlsKeystore {
    private final Path file;
    private final KeyStore keyStore;
    private final char[] password;
    private final String alias;

    private TlsKeystore(Path file, KeyStore keyStore, char[] password, String alias) {
        this.file = file;
        this.keyStore = keyStore;
        this.password = password;
        this.alias = alias;
    }

    /**
     * Reads a PKCS12 keystore, refusing with an {@link IllegalArgumentException} naming the file and what is wrong.
     *
     * @param alias the key entry to serve, or null for the keystore's only (or first) one
     */
    public static TlsKeystore load(Path file, char[] password, String alias) {
        KeyStore store;
        try (InputStream in = Files.newInputStream(file)) {
            store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
        } catch (NoSuchFileException e) {
            throw refused(file, "no such file");
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException) {
                throw refused(file, "wrong password");
            }
            throw refused(file, "not a readable PKCS12 keystore (" + e.getMessage() + ")");
        } catch (GeneralSecurityException e) {
            throw refused(file, "not a readable PKCS12 keystore (" + e.getMessage() + ")");
        }
        try {
            if (alias != null && !store.isKeyEntry(alias)) {
                throw refused(file, "holds no private key under the alias " + alias);
            }
            if (alias == null && Collections.list(store.aliases()).stream().noneMatch(a -> isKeyEntry(store, a))) {
                throw refused(file, "holds no private key");
            }
        } catch (java.security.KeyStoreException e) {
            throw refused(file, e.getMessage());
        }
        return new TlsKeystore(file, store, password.clone(), alias);
    }

    private static boolean isKeyEntry(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (java.security.KeyStoreException e) {
            return false;
        }
    }

    private static IllegalArgumentException refused(Path file, String why) {
        return new IllegalArgumentException("TLS keystore " + file + ": " + why);
    }

    public Path file() {
        return file;
    }

    /** An HTTPS connector on {@code host:port} serving this key, with the request customizer that marks requests secure. */
    ServerConnector connector(
            Server server, HttpConfiguration http, HttpConnectionFactory http1, String host, int port) {
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setKeyStore(keyStore);
        ssl.setKeyStorePassword(new String(password));
        if (alias != null) {
            ssl.setCertAlias(alias);
        }
        http.addCustomizer(new SecureRequestCustomizer());
        ConnectionFactory tls = new SslConnectionFactory(ssl, "http/1.1");
        ServerConnector connector = new ServerConnector(server, tls, http1);
        connector.setHost(host);
        connector.setPort(port);
        return connector;
    }
}
