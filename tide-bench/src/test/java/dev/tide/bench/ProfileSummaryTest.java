package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real recording of this test spinning in a method of its own: the summary finds the method and counts it. */
class ProfileSummaryTest {
    @TempDir
    Path folder;

    static volatile long sink;

    @Test
    void sumsTheSamplesOfARecordingByFrame() throws Exception {
        Path file = folder.resolve("spin.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(ProfileSummary.SAMPLE).withPeriod(Duration.ofMillis(1));
            recording.start();
            spin(Duration.ofMillis(600));
            recording.stop();
            recording.dump(file);
        }

        ProfileSummary.Summary summary = ProfileSummary.read(file);

        String spin = ProfileSummaryTest.class.getName() + ".spin";
        assertThat(summary.samples()).isPositive();
        ProfileSummary.Frame frame = summary.frames().get(spin);
        assertThat(frame).isNotNull();
        assertThat(frame.inclusive()).isGreaterThanOrEqualTo(frame.self()).isLessThanOrEqualTo(summary.samples());
        assertThat(summary.top(java.util.Comparator.comparingInt(ProfileSummary.Frame::inclusive), 50, "dev.tide."))
                .extracting(ProfileSummary.Frame::method)
                .contains(spin)
                .allMatch(m -> m.startsWith("dev.tide."));

        ProfileSummary command = new ProfileSummary();
        command.recording = file;
        command.top = 50;
        command.prefix = "dev.tide.";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        command.print(summary, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("CPU samples in " + file)
                .containsPattern("\\d+\\.\\d%  " + spin.replace(".", "\\.") + "\\n");
    }

    private static void spin(Duration length) {
        long end = System.nanoTime() + length.toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            x = x * 31 + 7;
        }
        sink = x;
    }
}
