package dev.tide.core.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Named parameters turned into positions once: found by the literal callers use, or by any equal text. */
class NamedSqlTest {
    final NamedSql sql = NamedSql.parse(
            "t", "SELECT ':skipped', x::bigint FROM t WHERE a = :queue AND b > :at AND c = :queue AND d = :at_limit");

    @Test
    void eachNameHasTheJdbcPositionsWhereItStood() {
        assertThat(sql.jdbcSql())
                .isEqualTo("SELECT ':skipped', x::bigint FROM t WHERE a = ? AND b > ? AND c = ? AND d = ?");
        assertThat(sql.positions("queue")).containsExactly(1, 3);
        assertThat(sql.positions("at")).containsExactly(2);
        assertThat(sql.positions("at_limit")).containsExactly(4);
        assertThat(sql.parameterNames()).containsExactlyInAnyOrder("queue", "at", "at_limit");
    }

    @Test
    void aNameBuiltAtRunTimeFindsItsPositionsToo() {
        String built = new StringBuilder("que").append("ue").toString();

        assertThat(sql.positions(built)).containsExactly(1, 3);
        assertThat(sql.prefixed("EXPLAIN ").positions(built)).containsExactly(1, 3);
    }

    @Test
    void anUnknownNameIsRefusedWithTheStatementsName() {
        assertThatThrownBy(() -> sql.positions("owner"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("statement t has no parameter :owner");
    }
}
