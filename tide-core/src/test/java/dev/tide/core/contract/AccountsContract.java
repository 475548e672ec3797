package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ConflictException;
import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.TideEvent;
import dev.tide.api.auth.Account;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.IssuedToken;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenKind;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The built-in user store, embedded and through the admin API: users, roles, API and session tokens, passwords,
 * disabling, and the event log's record of it all without a secret in it.
 */
public abstract class AccountsContract extends ManualQueueContract {
    private static final String PASSWORD = "correct horse battery staple";

    private Accounts accounts;

    @BeforeEach
    void openAccounts() {
        accounts = fixture.accounts();
    }

    @Test
    void aUserIsAddedWithRolesAndShownWithoutItsPassword() {
        Account ada = accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));

        assertThat(ada.name()).isEqualTo("ada");
        assertThat(ada.roles()).containsExactly(Role.SUBMITTER);
        assertThat(ada.hasPassword()).isTrue();
        assertThat(ada.disabled()).isFalse();
        assertThat(ada.createdAt()).isEqualTo(T0);
        assertThat(accounts.account("ada")).isEqualTo(ada);
        assertThat(accounts.accounts()).extracting(Account::name).contains("ada");
        assertThat(accounts.addAccount(NewAccount.of("bob", Role.WORKER, Role.SUBMITTER))
                        .hasPassword())
                .isFalse();
    }

    @Test
    void badUsersAreRefusedNamingTheField() {
        assertThatThrownBy(() ->
                        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword("short")))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("password"));
        assertThatThrownBy(() -> accounts.addAccount(new NewAccount("a b", Set.of(Role.ADMIN), null, null, null)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("name"));
        assertThatThrownBy(() -> accounts.addAccount(new NewAccount("ada", Set.of(), null, null, null)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("roles"));
        assertThatThrownBy(() ->
                        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(-1, null)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("pendingLimit"));

        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER));
        assertThatThrownBy(() -> accounts.addAccount(NewAccount.of("ada", Role.ADMIN)))
                .isInstanceOf(ConflictException.class)
                .hasMessageContaining("ada");
        assertThat(accounts.account("ada").roles()).containsExactly(Role.SUBMITTER);
        assertThatThrownBy(() -> accounts.account("nobody")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void anApiTokenHas256RandomBitsAndNamesItsUser() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER));
        IssuedToken token = accounts.issueToken("ada", "build server", null);

        assertThat(token.kind()).isEqualTo(TokenKind.API);
        assertThat(token.expiresAt()).isNull();
        assertThat(token.token()).startsWith("tide_");
        assertThat(Base64.getUrlDecoder().decode(token.token().substring("tide_".length())))
                .hasSize(32);
        assertThat(accounts.issueToken("ada", null, null).token()).isNotEqualTo(token.token());
        assertThat(accounts.authenticate(token.token())).contains(new Caller("ada", Set.of(Role.SUBMITTER)));
        assertThat(accounts.tokens("ada")).extracting(t -> t.id()).contains(token.id());
        assertThat(accounts.tokens("ada"))
                .filteredOn(t -> t.id().equals(token.id()))
                .singleElement()
                .extracting(t -> t.label())
                .isEqualTo("build server");
        assertThat(accounts.authenticate(token.token() + "x")).isEmpty();
        assertThat(accounts.authenticate("tide_made-up")).isEmpty();
    }

    @Test
    void aRevokedTokenStopsWorkingAtOnce() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER));
        IssuedToken kept = accounts.issueToken("ada", "kept", null);
        IssuedToken revoked = accounts.issueToken("ada", "revoked", null);
        assertThat(accounts.authenticate(revoked.token())).isPresent();

        accounts.revokeToken("ada", revoked.id());

        assertThat(accounts.authenticate(revoked.token())).isEmpty();
        assertThat(accounts.authenticate(kept.token())).isPresent();
        assertThat(accounts.tokens("ada")).extracting(t -> t.id()).containsExactly(kept.id());
        assertThatThrownBy(() -> accounts.revokeToken("ada", revoked.id())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aDisabledUserIsShutOutUntilEnabled() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));
        IssuedToken token = accounts.issueToken("ada", null, null);
        assertThat(accounts.authenticate(token.token())).isPresent();

        assertThat(accounts.disable("ada").disabled()).isTrue();
        assertThat(accounts.authenticate(token.token())).isEmpty();
        assertThatThrownBy(() -> accounts.signIn("ada", PASSWORD, null)).isInstanceOf(AuthenticationException.class);

        accounts.enable("ada");
        assertThat(accounts.authenticate(token.token())).isPresent();
    }

    @Test
    void aPasswordGivesASessionThatExpires() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));

        IssuedToken session = accounts.signIn("ada", PASSWORD, Duration.ofMinutes(30));

        assertThat(session.kind()).isEqualTo(TokenKind.SESSION);
        assertThat(session.expiresAt()).isEqualTo(T0.plus(Duration.ofMinutes(30)));
        assertThat(accounts.authenticate(session.token())).isPresent();
        clock.advance(Duration.ofMinutes(30));
        assertThat(accounts.authenticate(session.token())).isEmpty();
        fixture.maintenance();
        assertThat(accounts.tokens("ada")).as("expired tokens are pruned").isEmpty();
    }

    @Test
    void aWrongPasswordAndAnUnknownUserAreRefusedAlike() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));
        accounts.addAccount(NewAccount.of("bob", Role.SUBMITTER));

        String wrong = message(() -> accounts.signIn("ada", "not the password at all", null));
        String unknown = message(() -> accounts.signIn("nobody", PASSWORD, null));
        String noPassword = message(() -> accounts.signIn("bob", PASSWORD, null));

        assertThat(wrong).isEqualTo(unknown).isEqualTo(noPassword);
        assertThat(accounts.tokens("ada")).isEmpty();
    }

    @Test
    void aNewPasswordEndsSessionsButNotApiTokens() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));
        IssuedToken session = accounts.signIn("ada", PASSWORD, null);
        IssuedToken api = accounts.issueToken("ada", null, null);

        accounts.setPassword("ada", "another long passphrase");

        assertThat(accounts.authenticate(session.token())).isEmpty();
        assertThat(accounts.authenticate(api.token())).isPresent();
        assertThatThrownBy(() -> accounts.signIn("ada", PASSWORD, null)).isInstanceOf(AuthenticationException.class);
        assertThat(accounts.signIn("ada", "another long passphrase", null)).isNotNull();
    }

    @Test
    void signingOutEndsThatSessionOnly() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));
        IssuedToken first = accounts.signIn("ada", PASSWORD, null);
        IssuedToken second = accounts.signIn("ada", PASSWORD, null);

        accounts.signOut(first.token());

        assertThat(accounts.authenticate(first.token())).isEmpty();
        assertThat(accounts.authenticate(second.token())).isPresent();
    }

    @Test
    void newRolesAndLimitsTakeEffectAtOnce() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER));
        IssuedToken token = accounts.issueToken("ada", null, null);
        assertThat(accounts.authenticate(token.token()).orElseThrow().may(Role.WORKER))
                .isFalse();

        accounts.setRoles("ada", Set.of(Role.SUBMITTER, Role.WORKER));
        Account limited = accounts.setLimits("ada", 100, 60);

        assertThat(accounts.authenticate(token.token()).orElseThrow().may(Role.WORKER))
                .isTrue();
        assertThat(limited.pendingLimit()).isEqualTo(100);
        assertThat(limited.submitsPerMinute()).isEqualTo(60);
        assertThat(accounts.setLimits("ada", null, null).pendingLimit()).isNull();
        assertThatThrownBy(() -> accounts.setRoles("ada", Set.of())).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> accounts.setRoles("nobody", Set.of(Role.ADMIN)))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void theEventLogRecordsChangesWithoutSecrets() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword(PASSWORD));
        IssuedToken token = accounts.issueToken("ada", "ci", null);
        accounts.revokeToken("ada", token.id());
        accounts.disable("ada");

        List<TideEvent> events = fixture.engine().monitoring().events(EventQuery.recent());
        assertThat(events)
                .extracting(TideEvent::kind)
                .containsSubsequence(
                        TideEvent.ACCOUNT_CHANGED,
                        TideEvent.TOKEN_REVOKED,
                        TideEvent.TOKEN_ISSUED,
                        TideEvent.ACCOUNT_ADDED);
        assertThat(events)
                .allSatisfy(e -> assertThat(e.detail()).doesNotContain(PASSWORD).doesNotContain(token.token()));
    }

    private static String message(Runnable action) {
        try {
            action.run();
        } catch (AuthenticationException e) {
            return e.getMessage();
        }
        throw new AssertionError("not refused");
    }
}
