// A fixture of StatementFilesTest (never compiled): the SQLite store's own code.
class Ids {
    long next(Tx tx) throws SQLException {
        try (ResultSet rs = tx.prepare("sqlite_task_next_id").query()) {
            return rs.getLong("next_id");
        }
    }
}
