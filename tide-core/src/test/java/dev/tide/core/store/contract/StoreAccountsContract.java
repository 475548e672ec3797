package dev.tide.core.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.auth.Account;
import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import dev.tide.api.auth.TokenKind;
import dev.tide.core.store.AccountRecord;
import dev.tide.core.store.AccountStore;
import dev.tide.core.store.TokenRow;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Accounts, their tokens and the default limits in the store. */
public abstract class StoreAccountsContract extends StoreContract {
    private AccountStore accounts;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        accounts = store;
    }

    private AccountRecord add(String name, Role... roles) {
        return accounts.accountInsert(NewAccount.of(name, roles), "hash-" + name, T0)
                .orElseThrow();
    }

    private void token(String digest, String id, String account, TokenKind kind, Duration life) {
        accounts.tokenInsert(
                new TokenRow(digest, id, account, kind, "label " + id, T0, life == null ? null : T0.plus(life)));
    }

    @Test
    void anAccountReadsBackAsInserted() {
        add("ann", Role.SUBMITTER, Role.WORKER);

        AccountRecord read = accounts.accountGet("ann").orElseThrow();

        assertThat(read.passwordHash()).isEqualTo("hash-ann");
        Account account = read.account();
        assertThat(account.name()).isEqualTo("ann");
        assertThat(account.roles()).containsExactlyInAnyOrder(Role.SUBMITTER, Role.WORKER);
        assertThat(account.disabled()).isFalse();
        assertThat(account.createdAt()).isEqualTo(T0);
        assertThat(accounts.accountGet("nobody")).isEmpty();
    }

    @Test
    void aTakenNameIsNotInsertedAgain() {
        add("ann", Role.ADMIN);

        assertThat(accounts.accountInsert(NewAccount.of("ann", Role.WORKER), "other", T0.plusSeconds(1)))
                .isEmpty();

        AccountRecord kept = accounts.accountGet("ann").orElseThrow();
        assertThat(kept.account().roles()).containsExactly(Role.ADMIN);
        assertThat(kept.passwordHash()).isEqualTo("hash-ann");
        assertThat(accounts.accountList()).hasSize(1);
    }

    @Test
    void accountsAreListedByName() {
        add("cat", Role.WORKER);
        add("ann", Role.WORKER);
        add("bob", Role.WORKER);

        assertThat(accounts.accountList()).extracting(r -> r.account().name()).containsExactly("ann", "bob", "cat");
    }

    @Test
    void eachSetterChangesItsOwnFieldAndAnswersTheAccountAfterwards() {
        add("ann", Role.WORKER);

        assertThat(accounts.accountSetRoles("ann", Set.of(Role.ADMIN), T0)
                        .orElseThrow()
                        .account()
                        .roles())
                .containsExactly(Role.ADMIN);
        Account limited =
                accounts.accountSetLimits("ann", 100, 60, T0).orElseThrow().account();
        assertThat(limited.pendingLimit()).isEqualTo(100);
        assertThat(limited.submitsPerMinute()).isEqualTo(60);
        assertThat(accounts.accountSetDisabled("ann", true, T0)
                        .orElseThrow()
                        .account()
                        .disabled())
                .isTrue();

        Account read = accounts.accountGet("ann").orElseThrow().account();
        assertThat(read.roles()).containsExactly(Role.ADMIN);
        assertThat(read.pendingLimit()).isEqualTo(100);
        assertThat(read.disabled()).isTrue();
        assertThat(accounts.accountSetLimits("ann", null, null, T0)
                        .orElseThrow()
                        .account()
                        .pendingLimit())
                .isNull();
    }

    @Test
    void settersOfAMissingAccountAnswerEmpty() {
        assertThat(accounts.accountSetRoles("nobody", Set.of(Role.ADMIN), T0)).isEmpty();
        assertThat(accounts.accountSetPassword("nobody", "h", T0)).isEmpty();
        assertThat(accounts.accountSetLimits("nobody", 1, 1, T0)).isEmpty();
        assertThat(accounts.accountSetDisabled("nobody", true, T0)).isEmpty();
        assertThat(accounts.accountList()).isEmpty();
    }

    @Test
    void aTokenIsFoundByItsDigestWithItsAccountsRolesAndState() {
        add("ann", Role.SUBMITTER);
        token("d1", "t1", "ann", TokenKind.API, Duration.ofDays(1));

        assertThat(accounts.tokenLookup("d1")).hasValueSatisfying(holder -> {
            assertThat(holder.account()).isEqualTo("ann");
            assertThat(holder.roles()).containsExactly(Role.SUBMITTER);
            assertThat(holder.disabled()).isFalse();
            assertThat(holder.expiresAt()).isEqualTo(T0.plus(Duration.ofDays(1)));
        });
        accounts.accountSetDisabled("ann", true, T0);
        assertThat(accounts.tokenLookup("d1"))
                .hasValueSatisfying(h -> assertThat(h.disabled()).isTrue());
        assertThat(accounts.tokenLookup("unknown")).isEmpty();
    }

    @Test
    void tokensAreListedPerAccountAndDeletedOnlyByTheirAccount() {
        add("ann", Role.WORKER);
        add("bob", Role.WORKER);
        token("d1", "t1", "ann", TokenKind.API, null);
        token("d2", "t2", "ann", TokenKind.SESSION, Duration.ofHours(1));
        token("d3", "t3", "bob", TokenKind.API, null);

        assertThat(accounts.tokenList("ann")).extracting(TokenInfo::id).containsExactly("t1", "t2");
        assertThat(accounts.tokenList("ann").get(1).kind()).isEqualTo(TokenKind.SESSION);
        assertThat(accounts.tokenDelete("bob", "t1")).as("not bob's").isFalse();
        assertThat(accounts.tokenDelete("ann", "t1")).isTrue();
        assertThat(accounts.tokenDelete("ann", "t1")).as("already gone").isFalse();
        assertThat(accounts.tokenLookup("d1")).isEmpty();
        assertThat(accounts.tokenList("ann")).extracting(TokenInfo::id).containsExactly("t2");
    }

    @Test
    void aNewPasswordEndsTheSessionsButKeepsTheApiTokens() {
        add("ann", Role.WORKER);
        token("api", "t1", "ann", TokenKind.API, null);
        token("session", "t2", "ann", TokenKind.SESSION, Duration.ofHours(1));

        AccountRecord changed =
                accounts.accountSetPassword("ann", "new-hash", T0).orElseThrow();

        assertThat(changed.passwordHash()).isEqualTo("new-hash");
        assertThat(accounts.tokenLookup("session")).isEmpty();
        assertThat(accounts.tokenLookup("api")).isPresent();
    }

    @Test
    void pruningDeletesOnlyTokensExpiredByThen() {
        add("ann", Role.WORKER);
        token("forever", "t1", "ann", TokenKind.API, null);
        token("hour", "t2", "ann", TokenKind.SESSION, Duration.ofHours(1));
        token("day", "t3", "ann", TokenKind.SESSION, Duration.ofDays(1));

        assertThat(accounts.tokenPrune(T0.plus(Duration.ofHours(2)))).isEqualTo(1);

        assertThat(accounts.tokenList("ann")).extracting(TokenInfo::id).containsExactly("t1", "t3");
    }

    @Test
    void theDefaultLimitsAreNoneUntilPut() {
        assertThat(accounts.accountDefaults()).isEqualTo(AccountDefaults.NONE);

        accounts.accountDefaultsPut(new AccountDefaults(500, 30), T0);
        assertThat(accounts.accountDefaults()).isEqualTo(new AccountDefaults(500, 30));

        accounts.accountDefaultsPut(new AccountDefaults(null, 10), T0);
        assertThat(accounts.accountDefaults()).isEqualTo(new AccountDefaults(null, 10));
    }
}
