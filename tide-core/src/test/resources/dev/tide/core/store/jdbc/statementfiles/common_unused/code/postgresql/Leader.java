// A fixture of StatementFilesTest (never compiled): the PostgreSQL store's own code.
class Leader {
    boolean held(SqlFile sql, Statement st) throws SQLException {
        sql.get("task_get"); // the mistake: only PostgreSQL's code uses this common statement
        try (ResultSet rs = st.executeQuery(sql.get("leader_held").jdbcSql())) {
            return rs.next() && rs.getBoolean("held_lock");
        }
    }
}
