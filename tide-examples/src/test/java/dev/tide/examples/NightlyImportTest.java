package dev.tide.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NightlyImportTest {
    private static final Pattern HOUR = Pattern.compile("(?m)^(\\S+)\\s+(\\d+) lines$");

    @TempDir
    Path folder;

    @Test
    void theImportReadsWithinEachHoursBudgetAndFinishes() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            NightlyImport.main(new String[] {folder.toString()});
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("finished, 2400 lines read");

        Matcher m = HOUR.matcher(out);
        int total = 0;
        List<Integer> office = new java.util.ArrayList<>();
        while (m.find()) {
            int hour =
                    Instant.parse(m.group(1)).atZone(java.time.ZoneOffset.UTC).getHour();
            int lines = Integer.parseInt(m.group(2));
            total += lines;
            if (hour >= 8 && hour < 18) {
                office.add(lines);
                assertThat(lines).as("office hour %s", m.group(1)).isLessThanOrEqualTo(100);
            } else {
                assertThat(lines).as("hour %s", m.group(1)).isLessThanOrEqualTo(1_000);
            }
        }
        assertThat(total).isEqualTo(NightlyImport.LINES);
        assertThat(office).isNotEmpty();
    }
}
