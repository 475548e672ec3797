package dev.tide.spring.starter;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Real HTTP over loopback, as a monitoring system calls Actuator. */
final class Http {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Http() {}

    static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
