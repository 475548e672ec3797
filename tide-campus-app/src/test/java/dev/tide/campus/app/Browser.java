package dev.tide.campus.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * What a browser sends to the application, over real HTTP on loopback: pages, forms, and multipart uploads. Redirects
 * are not followed, so that a test sees the 303 and where it leads.
 */
final class Browser {
    private final HttpClient client = HttpClient.newHttpClient();
    private final String base;

    Browser(String base) {
        this.base = base;
    }

    static Browser on(int port) {
        return new Browser("http://127.0.0.1:" + port);
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    /** A form posted as {@code application/x-www-form-urlencoded}. */
    HttpResponse<String> post(String path, Map<String, String> fields) throws IOException, InterruptedException {
        StringBuilder body = new StringBuilder();
        fields.forEach((name, value) -> body.append(body.isEmpty() ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build());
    }

    /**
     * A form posted as {@code multipart/form-data}, with a file part when {@code fileName} is not null; a null file
     * with an empty name is what a browser sends when no file was chosen.
     */
    HttpResponse<String> upload(
            String path, Map<String, String> fields, @Nullable String fileName, byte @Nullable [] file)
            throws IOException, InterruptedException {
        String boundary = "----campus" + UUID.randomUUID().toString().replace("-", "");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Map.Entry<String, String> field : fields.entrySet()) {
            write(
                    body,
                    "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey() + "\"\r\n\r\n"
                            + field.getValue() + "\r\n");
        }
        if (fileName != null) {
            write(
                    body,
                    "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                            + "\"\r\nContent-Type: text/csv\r\n\r\n");
            body.write(file == null ? new byte[0] : file);
            write(body, "\r\n");
        }
        write(body, "--" + boundary + "--\r\n");
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
                .build());
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    private URI uri(String path) {
        return URI.create(path.startsWith("http") ? path : base + path);
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
