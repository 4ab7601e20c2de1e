import CSQLite

/// Another program's hand on an SQLite file cascade keeps — a damaged or hostile photo index is
/// made by writing its rows directly, as `sqlite3 library.sqlite3 "UPDATE …"` would.
public enum SQLiteFile {
    /// Runs `sql` on the database at `path`; throws with SQLite's message when it fails.
    public static func execute(_ sql: String, in path: String) throws {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw HarnessError("cannot open \(path): \(String(cString: sqlite3_errmsg(database)))")
        }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw HarnessError("\(sql): \(message.map { String(cString: $0) } ?? "failed")")
        }
    }
}
