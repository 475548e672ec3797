package dev.tide.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceGroupTest {
    private static final Duration INTERVAL = Duration.ofSeconds(1);

    private final List<String> calls = new ArrayList<>();

    @Test
    void startsInOrderAndStopsInReverse() {
        ServiceGroup group = new ServiceGroup(List.of(service("a"), service("b"), service("c")));

        group.start(INTERVAL);
        group.stop();

        assertThat(group.names()).containsExactly("a", "b", "c");
        assertThat(calls).containsExactly("start a", "start b", "start c", "stop c", "stop b", "stop a");
    }

    @Test
    void stopsEveryServiceWhenSomeFailToStopAndReportsThemAll() {
        ServiceGroup group =
                new ServiceGroup(List.of(service("a"), failingToStop("b"), service("c"), failingToStop("d")));

        assertThatThrownBy(group::stop)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("could not stop the d, the b")
                .cause()
                .hasMessage("d would not stop")
                .satisfies(cause -> assertThat(cause.getSuppressed())
                        .singleElement()
                        .extracting(Throwable::getMessage)
                        .isEqualTo("b would not stop"));
        assertThat(calls).containsExactly("stop d", "stop c", "stop b", "stop a");
    }

    @Test
    void aServiceFailingToStartStopsAllAndStartsNoneAfterIt() {
        ServiceGroup group = new ServiceGroup(List.of(service("a"), failingToStart("b"), service("c")));

        assertThatThrownBy(() -> group.start(INTERVAL)).hasMessage("b would not start");
        assertThat(calls).containsExactly("start a", "start b", "stop c", "stop b", "stop a");
    }

    @Test
    void givesEachServiceTheInterval() {
        List<Duration> given = new ArrayList<>();
        ServiceGroup group = new ServiceGroup(List.of(new Recording("a") {
            @Override
            public void start(Duration interval) {
                given.add(interval);
            }
        }));

        group.start(Duration.ofMillis(250));

        assertThat(given).containsExactly(Duration.ofMillis(250));
    }

    private BackgroundService service(String name) {
        return new Recording(name);
    }

    private BackgroundService failingToStop(String name) {
        return new Recording(name) {
            @Override
            public void close() {
                super.close();
                throw new IllegalStateException(name + " would not stop");
            }
        };
    }

    private BackgroundService failingToStart(String name) {
        return new Recording(name) {
            @Override
            public void start(Duration interval) {
                super.start(interval);
                throw new IllegalStateException(name + " would not start");
            }
        };
    }

    private class Recording implements BackgroundService {
        private final String name;

        Recording(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void start(Duration interval) {
            calls.add("start " + name);
        }

        @Override
        public void close() {
            calls.add("stop " + name);
        }
    }
}
