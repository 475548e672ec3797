// A fixture of StatementFilesTest (never compiled): code that works with no statement, whose literals name none.
class Codes {
    String code() {
        return "storage_unavailable";
    }
}
