package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.cli.testing.CliRun;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** {@code tide simulate}: the table 9 example for two days, and input it refuses. */
class SimulateCommandTest {
    private static final Path TABLE9 = Path.of("..", "docs", "examples", "table9.json");
    private final Path folder = TempFolders.create("tide-simulate-");

    private static CliRun tide(String... args) {
        return CliRun.of(args);
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void writesACsvAndAChartAndSummarizesTheDays() throws Exception {
        Path out = folder.resolve("out");

        CliRun run = tide("simulate", "--input", TABLE9.toString(), "--out", out.toString(), "--days", "2");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("simulated 2 days from 2026-01-03T00:00 (Asia/Riyadh)")
                .contains("Sat 2026-01-03  7085") // 7 hours at 1000 and 17 at 5
                .contains("deadlines: ")
                .contains("0 missed");
        List<String> csv = Files.readAllLines(out.resolve("simulate.csv"));
        assertThat(csv).hasSize(1 + 48);
        assertThat(csv.get(0)).isEqualTo("hour,load,allowed,used,completed,waiting_at_start,waiting_at_end");
        assertThat(csv.get(1)).startsWith("2026-01-03T00:00,,1000,");
        Document svg = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(out.resolve("simulate.svg").toFile());
        assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(svg.getElementsByTagName("rect").getLength())
                .as("a bar per busy hour")
                .isGreaterThan(40);
    }

    @Test
    void badInputIsOneLineNamingTheFieldAndWritesNothing() throws Exception {
        Path input = folder.resolve("bad.json");
        Files.writeString(input, Files.readString(TABLE9).replace("\"count\": 1500", "\"count\": 0"));
        Path out = folder.resolve("out");

        CliRun run = tide("simulate", "--input", input.toString(), "--out", out.toString());

        assertThat(run.code()).isEqualTo(Main.FAILED);
        assertThat(run.err().strip()).isEqualTo("tide: workload[0].count: must be between 1 and 100000");
        assertThat(out).doesNotExist();

        CliRun badDays = tide("simulate", "--input", TABLE9.toString(), "--out", out.toString(), "--days", "0");
        assertThat(badDays.err().strip()).isEqualTo("tide: --days: must be between 1 and 366");

        Files.writeString(
                input,
                "{\"start\": \"2026-01-03T00:00\", \"profiles\": [{\"taskType\": \"email\", \"entries\":"
                        + " [{\"name\": \"x\", \"days\": [\"MONDAY\"], \"from\": \"25:00\", \"until\": \"07:00\", \"limits\": {}}]}]}");
        CliRun badTime = tide("simulate", "--input", input.toString(), "--out", out.toString());
        assertThat(badTime.code()).isEqualTo(Main.FAILED);
        assertThat(badTime.err())
                .startsWith("tide: profiles[0].entries[0].from: ")
                .hasLineCount(1);
    }
}
