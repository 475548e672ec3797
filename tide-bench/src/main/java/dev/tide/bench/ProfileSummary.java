package dev.tide.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The CPU samples of a JFR recording (of {@code ./bench}, see docs/performance.md, "Profile of the drain"), summed by
 * frame: the methods the samples were in (self) and Tide's methods they passed through (inclusive), each as a share of
 * all samples. {@code jfr print} shows single stacks, five frames deep unless told; this adds them up.
 */
@Command(
        name = "profile-summary",
        mixinStandardHelpOptions = true,
        description = "Sums a JFR recording's CPU samples by frame.")
public final class ProfileSummary implements Callable<Integer> {
    static final String SAMPLE = "jdk.ExecutionSample";

    /** How many samples a frame had, at the top of the stack and anywhere in it. */
    record Frame(String method, int self, int inclusive) {}

    /** All samples of a recording, and each frame's counts. */
    record Summary(int samples, Map<String, Frame> frames) {
        List<Frame> top(Comparator<Frame> order, int count, String prefix) {
            return frames.values().stream()
                    .filter(f -> f.method().startsWith(prefix))
                    .sorted(order.reversed().thenComparing(Frame::method))
                    .limit(count)
                    .toList();
        }

        double share(int count) {
            return samples == 0 ? 0 : 100.0 * count / samples;
        }
    }

    @Parameters(index = "0", description = "The recording (.jfr).")
    Path recording;

    @Option(names = "--top", defaultValue = "25", description = "Frames per list (${DEFAULT-VALUE}).")
    int top;

    @Option(
            names = "--prefix",
            defaultValue = "dev.tide.",
            description = "Whose frames the inclusive list shows (${DEFAULT-VALUE}).")
    String prefix;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ProfileSummary()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        print(read(recording), System.out);
        return 0;
    }

    static Summary read(Path recording) throws IOException {
        Map<String, int[]> counts = new HashMap<>();
        int samples = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals(SAMPLE) || event.getStackTrace() == null) {
                    continue;
                }
                samples++;
                List<RecordedFrame> frames = event.getStackTrace().getFrames();
                Set<String> seen = new HashSet<>();
                for (int i = 0; i < frames.size(); i++) {
                    String method = name(frames.get(i));
                    int[] count = counts.computeIfAbsent(method, m -> new int[2]);
                    if (i == 0) {
                        count[0]++;
                    }
                    // a recursive method counts once per sample
                    if (seen.add(method)) {
                        count[1]++;
                    }
                }
            }
        }
        Map<String, Frame> frames = new HashMap<>();
        counts.forEach((method, count) -> frames.put(method, new Frame(method, count[0], count[1])));
        return new Summary(samples, frames);
    }

    private static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    void print(Summary summary, PrintStream out) {
        out.printf("%,d CPU samples in %s%n%nWhere the samples were (self):%n", summary.samples(), recording);
        for (Frame f : summary.top(Comparator.comparingInt(Frame::self), top, "")) {
            out.printf("  %5.1f%%  %s%n", summary.share(f.self()), f.method());
        }
        out.printf("%nWhat they passed through, %s* only (inclusive):%n", prefix);
        for (Frame f : summary.top(Comparator.comparingInt(Frame::inclusive), top, prefix)) {
            out.printf("  %5.1f%%  %s%n", summary.share(f.inclusive()), f.method());
        }
    }
}
