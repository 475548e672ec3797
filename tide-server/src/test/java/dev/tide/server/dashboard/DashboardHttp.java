package dev.tide.server.dashboard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dashboard over plain HTTP, as a browser would speak it but with every header in view: no redirect followed, the
 * session cookie kept by hand.
 */
final class DashboardHttp {
    private static final Pattern CSRF = Pattern.compile("name=\"tide-csrf\" content=\"([^\"]*)\"");

    private final HttpClient client =
            HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final String root;
    String cookie;

    /** @param root e.g. {@code http://127.0.0.1:7070} (no trailing slash) */
    DashboardHttp(String root) {
        this.root = root;
    }

    HttpResponse<String> get(String path, String... headers) {
        return send(request(path, headers).GET().build());
    }

    HttpResponse<String> post(String path, String form, String... headers) {
        return send(request(path, headers)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form, StandardCharsets.UTF_8))
                .build());
    }

    /** Signs in and keeps the session cookie; the answer of the sign-in post. */
    HttpResponse<String> signIn(String base, String user, String password) {
        HttpResponse<String> answer = post(base + "/sign-in", "user=" + user + "&password=" + Urls.encode(password));
        answer.headers().firstValue("Set-Cookie").ifPresent(this::keep);
        return answer;
    }

    /** The CSRF token of the session, as the page at {@code path} carries it. */
    String csrf(String path, String... headers) {
        Matcher m = CSRF.matcher(get(path, headers).body());
        if (!m.find()) {
            throw new AssertionError(path + " carries no CSRF token");
        }
        return m.group(1);
    }

    void keep(String setCookie) {
        String pair = setCookie.split(";", 2)[0];
        cookie = pair.endsWith("=") ? null : pair;
    }

    private HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(root + path));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return b;
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
