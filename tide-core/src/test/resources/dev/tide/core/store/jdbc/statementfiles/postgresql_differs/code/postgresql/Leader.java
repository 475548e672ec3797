// A fixture of StatementFilesTest (never compiled): the PostgreSQL store's own code.
class Leader {
    boolean held(SqlFile sql, Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql.get("leader_held").jdbcSql())) {
            return rs.next() && rs.getBoolean("held_lock");
        }
    }
}
