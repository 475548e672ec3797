// A fixture of StatementFilesTest (never compiled): shared store code, which runs on every dialect.
class Tasks {
    String claim(Tx tx, boolean cancel) throws SQLException {
        tx.prepare("task_get").set("id", 1L).query();
        tx.prepare(cancel ? "task_cancel" : "task_get").set("id", 1L).update();
        try (ResultSet rs = tx.prepare("task_claim").set("limit", 1L).query()) {
            return rs.getString("lease_token");
        }
    }
}
