package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.TaskState;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;
import dev.tide.server.TideServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's defences, request by request over loopback HTTP: headers, cookie, CSRF, sign-in from elsewhere,
 * redirects after sign-in, session expiry, the shared sign-in throttle, a submitter's posts, the base path, and an
 * embedding application's own authenticator.
 */
class DashboardSecurityTest {
    private static final String PASSWORD = DashboardSite.PASSWORD;

    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));
    private DashboardSite site;
    private Tide engine;
    private DashboardHttp http;

    @BeforeEach
    void open() {
        site = new DashboardSite(clock);
        engine = site.engine();
        http = site.http();
    }

    @AfterEach
    void close() {
        site.close();
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() {
        http.signIn("/ui", "ada", PASSWORD);
        for (String path :
                new String[] {"/ui/sign-in", "/ui", "/ui/tasks", "/ui/tasks/999", "/ui/assets/htmx.min.js"}) {
            HttpResponse<String> answer = http.get(path);
            assertThat(answer.headers().firstValue("Content-Security-Policy"))
                    .as(path)
                    .hasValueSatisfying(csp -> assertThat(csp)
                            .contains("script-src 'self'", "frame-ancestors 'none'")
                            .doesNotContain("unsafe-inline", "unsafe-eval"));
            assertThat(answer.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        }
        assertThat(http.get("/ui/tasks/999").statusCode()).isEqualTo(404);
    }

    @Test
    void theSessionCookieIsHttpOnlyStrictAndOnlyUnderTheDashboard() {
        HttpResponse<String> answer = http.signIn("/ui", "ada", PASSWORD);
        assertThat(answer.statusCode()).isEqualTo(303);
        String cookie = answer.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).contains("HttpOnly", "SameSite=Strict", "Path=/ui").doesNotContain("Secure");
        assertThat(http.get("/ui").statusCode()).isEqualTo(200);
    }

    @Test
    void aChangeWithoutTheSessionsCsrfTokenIsRefusedAndChangesNothing() {
        http.signIn("/ui", "ada", PASSWORD);
        assertThat(http.post("/ui/queues/mail/suspend", "").statusCode()).isEqualTo(403);
        assertThat(http.post("/ui/queues/mail/suspend", "_csrf=made-up").statusCode())
                .isEqualTo(403);
        assertThat(suspended()).isFalse();

        String token = http.csrf("/ui/queues/mail");
        assertThat(http.post("/ui/queues/mail/suspend", "_csrf=" + token).statusCode())
                .isEqualTo(303);
        assertThat(suspended()).isTrue();
        assertThat(http.post("/ui/queues/mail/resume", "", "X-CSRF-Token", token)
                        .statusCode())
                .isEqualTo(303);
        assertThat(suspended()).isFalse();
    }

    @Test
    void signInPostedFromAnotherSiteIsRefused() {
        HttpResponse<String> answer =
                http.post("/ui/sign-in", "user=ada&password=" + Urls.encode(PASSWORD), "Origin", "http://evil.example");
        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(answer.headers().firstValue("Set-Cookie")).isEmpty();
    }

    @Test
    void afterSignInOnlyDashboardPagesAreFollowed() {
        for (String next : new String[] {"//evil.example/ui", "https://evil.example/ui", "/ui/../v1/tasks", "/uix"}) {
            HttpResponse<String> answer = http.post(
                    "/ui/sign-in", "user=ada&password=" + Urls.encode(PASSWORD) + "&next=" + Urls.encode(next));
            assertThat(answer.headers().firstValue("Location")).as(next).hasValue("/ui");
        }
        HttpResponse<String> kept = http.post(
                "/ui/sign-in",
                "user=ada&password=" + Urls.encode(PASSWORD) + "&next=" + Urls.encode("/ui/tasks?state=ready"));
        assertThat(kept.headers().firstValue("Location")).hasValue("/ui/tasks?state=ready");
    }

    @Test
    void aSessionEndsWhenIdleAndAfterItsMaximumAge() {
        http.signIn("/ui", "ada", PASSWORD);
        clock.advance(Duration.ofMinutes(29));
        assertThat(http.get("/ui").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(31));
        HttpResponse<String> idle = http.get("/ui/tasks");
        assertThat(idle.statusCode()).isEqualTo(303);
        assertThat(idle.headers().firstValue("Location")).hasValue("/ui/sign-in?next=%2Fui%2Ftasks");

        http.signIn("/ui", "ada", PASSWORD);
        for (int i = 0; i < 36; i++) { // 12 hours in steps of 20 minutes, never idle for long
            clock.advance(Duration.ofMinutes(20));
            http.get("/ui");
        }
        assertThat(http.get("/ui").statusCode()).isEqualTo(303);
    }

    @Test
    void signingOutEndsTheSessionInTheStore() {
        http.signIn("/ui", "ada", PASSWORD);
        String session = http.cookie;
        String token = http.csrf("/ui");
        assertThat(http.post("/ui/sign-out", "_csrf=" + token).statusCode()).isEqualTo(303);
        http.cookie = session;
        assertThat(http.get("/ui").statusCode()).isEqualTo(303);
        String storeToken = session.substring(session.indexOf('.', session.indexOf('.') + 1) + 1);
        assertThat(engine.accounts().authenticate(storeToken)).isEmpty();
    }

    @Test
    void anApiTokenSignsInAndSigningOutLeavesItValid() {
        String apiToken = engine.accounts().issueToken("ada", "laptop", null).token();
        HttpResponse<String> answer = http.post("/ui/sign-in", "token=" + Urls.encode(apiToken));
        assertThat(answer.statusCode()).isEqualTo(303);
        http.keep(answer.headers().firstValue("Set-Cookie").orElseThrow());
        assertThat(http.get("/ui").statusCode()).isEqualTo(200);
        http.post("/ui/sign-out", "_csrf=" + http.csrf("/ui"));
        assertThat(engine.accounts().authenticate(apiToken)).isPresent();
    }

    @Test
    void theDashboardsSignInCountsAgainstTheApisThrottle() {
        for (int i = 0; i < 10; i++) {
            http.post("/ui/sign-in", "user=ada&password=wrong-password-" + i);
        }
        HttpResponse<String> refused = http.post("/ui/sign-in", "user=ada&password=" + Urls.encode(PASSWORD));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        assertThat(refused.body()).contains("Sign-in failed", "for this user name");
    }

    @Test
    void aSubmitterCannotChangeAnothersTaskOrAQueueByPosting() {
        long bobs =
                engine.enqueue(NewTask.builder("email").owner("bob").build()).id();
        http.signIn("/ui", "sam", PASSWORD);
        String token = http.csrf("/ui/tasks");
        assertThat(http.post("/ui/tasks/" + bobs + "/cancel", "_csrf=" + token).statusCode())
                .isEqualTo(404);
        assertThat(http.post("/ui/queues/mail/suspend", "_csrf=" + token).statusCode())
                .isEqualTo(403);
        assertThat(engine.task(bobs).state()).isEqualTo(TaskState.READY);
        assertThat(suspended()).isFalse();
    }

    @Test
    void theApiStaysAsItWas() {
        HttpResponse<String> answer = http.get("/v1/tasks");
        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).contains("json"));
    }

    @Test
    void theBasePathIsTheServersToChoose() {
        try (TideServer elsewhere = TideServer.builder(engine)
                .port(0)
                .routes(Dashboard.mount(DashboardSettings.DEFAULTS.withBasePath("/tools/queue/")))
                .build()
                .start()) {
            DashboardHttp other = new DashboardHttp("http://127.0.0.1:" + elsewhere.port());
            assertThat(other.get("/tools/queue/sign-in").statusCode()).isEqualTo(200);
            assertThat(other.signIn("/tools/queue", "ada", PASSWORD).headers().firstValue("Set-Cookie"))
                    .hasValueSatisfying(c -> assertThat(c).contains("Path=/tools/queue;"));
            assertThat(other.get("/tools/queue").body()).contains("href=\"/tools/queue/tasks\"");
            assertThat(other.get("/ui/sign-in").statusCode()).isEqualTo(404);
        }
        try (TideServer none = TideServer.builder(engine).port(0).build().start()) {
            assertThat(new DashboardHttp("http://127.0.0.1:" + none.port())
                            .get("/ui/sign-in")
                            .statusCode())
                    .isEqualTo(404);
        }
    }

    @Test
    void anEmbeddingApplicationNamesTheCallerItself() {
        Dashboard dashboard = Dashboard.builder(engine)
                .authenticator(request -> Optional.ofNullable(request.getHeader("X-App-User"))
                        .map(user -> new Caller(user, Set.of(Role.ADMIN))))
                .build();
        try (DashboardServer embedded = dashboard.start("127.0.0.1", 0)) {
            DashboardHttp app = new DashboardHttp("http://127.0.0.1:" + embedded.port());
            assertThat(app.get("/ui").statusCode()).isEqualTo(401);
            HttpResponse<String> page = app.get("/ui", "X-App-User", "ops");
            assertThat(page.statusCode()).isEqualTo(200);
            app.keep(page.headers().firstValue("Set-Cookie").orElseThrow());
            assertThat(app.post("/ui/queues/mail/suspend", "", "X-App-User", "ops")
                            .statusCode())
                    .isEqualTo(403);
            String token = app.csrf("/ui/queues/mail", "X-App-User", "ops");
            HttpResponse<String> suspend = app.post("/ui/queues/mail/suspend", "_csrf=" + token, "X-App-User", "ops");
            assertThat(suspend.statusCode()).as(suspend.body()).isEqualTo(303);
            assertThat(suspended()).isTrue();
            assertThat(embedded.uri().toString()).endsWith("/ui");
        }
    }

    private boolean suspended() {
        return engine.queues().list().stream()
                .filter(q -> q.name().equals("mail"))
                .findFirst()
                .orElseThrow()
                .suspended();
    }
}
