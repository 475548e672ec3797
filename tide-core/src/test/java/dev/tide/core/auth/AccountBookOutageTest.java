package dev.tide.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.TideException;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Authentication while the store does not answer: a token checked lately passes, for a while; others do not. */
class AccountBookOutageTest {
    @TempDir
    Path folder;

    @Test
    void aTokenCheckedLatelyPassesThroughAnOutageForAWhile() {
        ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));
        Tide tide = Tide.builder()
                .sqlite(folder)
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        AccountBook accounts = tide.accounts();
        accounts.addAccount(NewAccount.of("ada", Role.WORKER));
        String seen = accounts.issueToken("ada", null, null).token();
        String unseen = accounts.issueToken("ada", null, null).token();
        assertThat(accounts.authenticate(seen)).isPresent();

        tide.close();
        clock.advance(Duration.ofMinutes(5));

        assertThat(accounts.authenticate(seen)).isPresent();
        assertThatThrownBy(() -> accounts.authenticate(unseen))
                .isInstanceOfSatisfying(
                        TideException.class, e -> assertThat(e.httpStatus()).isEqualTo(503));
        clock.advance(Duration.ofMinutes(6));
        assertThatThrownBy(() -> accounts.authenticate(seen)).isInstanceOf(TideException.class);
    }
}
