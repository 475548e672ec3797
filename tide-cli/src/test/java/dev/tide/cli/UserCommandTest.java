package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide user} on a data folder opened directly (how the first administrator is made), then through the server
 * holding it; refusals are one line, exit 1, and write nothing.
 */
class UserCommandTest {
    private final java.nio.file.Path folder = TempFolders.create("tide-users-");

    private CliRun tide(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--data";
        all[args.length + 1] = folder.toString();
        return CliRun.of(all);
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void usersAreAddedListedGivenTokensAndDisabled() throws Exception {
        CliRun added = tide("user", "add", "mailer", "--role", "worker,submitter", "--pending-limit", "500");
        assertThat(added.code()).as(added.err()).isZero();
        assertThat(added.out()).contains("user mailer added (submitter,worker)");

        CliRun token = tide("user", "token", "mailer", "--label", "mail host");
        assertThat(token.out().strip()).startsWith("tide_").hasSize(5 + 43);
        assertThat(tide("user", "list").out()).containsPattern("mailer\\s+submitter,worker\\s+enabled\\s+no\\s+500");
        assertThat(tide("user", "tokens", "mailer").out()).contains("api").contains("mail host");

        try (ChildJvm server = ChildJvm.server(List.of("--data", folder.toString()), Map.of(), List.of())) {
            URI url = URI.create(server.awaitServerUrl());
            try (TideClient mailer =
                    TideClient.builder(url).token(token.out().strip()).build()) {
                assertThat(mailer.whoami().user()).isEqualTo("mailer");
                assertThat(tide("user", "disable", "mailer").out()).contains("user mailer disabled");
                assertThat(mailer.accounts().authenticate(token.out().strip())).isEmpty();
            }
            assertThat(tide("user", "list").out())
                    .as("through the server, as its local administrator")
                    .containsPattern("mailer\\s+submitter,worker\\s+disabled")
                    .contains(ServerFile.LOCAL_ADMIN);
            server.terminate();
            server.waitFor(java.time.Duration.ofSeconds(30));
        }
    }

    @Test
    void limitsAreSetPerUserAndByDefault() {
        assertThat(tide("user", "add", "ada", "--role", "submitter").code()).isZero();
        assertThat(tide("user", "limits", "ada", "--pending-limit", "10", "--submits-per-minute", "none")
                        .out())
                .contains("user ada: pending limit 10, submits per minute default");
        assertThat(tide("user", "defaults").out()).contains("defaults: pending limit none, submits per minute none");
        assertThat(tide("user", "defaults", "--pending-limit", "100", "--submits-per-minute", "600")
                        .out())
                .contains("defaults: pending limit 100, submits per minute 600");
        assertThat(tide("user", "list").out()).containsPattern("ada\\s+submitter\\s+enabled\\s+no\\s+10\\s+default");

        CliRun bad = tide("user", "limits", "ada", "--pending-limit", "lots", "--submits-per-minute", "1");
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).startsWith("tide: --pending-limit: 'lots'").hasLineCount(1);
        assertThat(tide("user", "list").out()).containsPattern("ada\\s+submitter\\s+enabled\\s+no\\s+10\\s+default");
    }

    @Test
    void badInputIsOneLineAndWritesNothing() {
        CliRun role = tide("user", "add", "ada", "--role", "boss");
        assertThat(role.code()).isEqualTo(1);
        assertThat(role.err()).startsWith("tide: role: 'boss' is not one of").hasLineCount(1);

        CliRun password = tide("user", "add", "ada", "--role", "admin", "--password-env", "TIDE_NO_SUCH_VARIABLE");
        assertThat(password.code()).isEqualTo(1);
        assertThat(password.err()).contains("TIDE_NO_SUCH_VARIABLE is not set").hasLineCount(1);

        CliRun unknown = tide("user", "token", "nobody");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).contains("user 'nobody' not found").hasLineCount(1);

        assertThat(tide("user", "list").out()).doesNotContain("ada");
    }
}
