// The photo index's tables: made when missing, checked when present, and files written by
// earlier versions of cascade brought up to this one's layout in place.

import CSQLite

extension PhotoIndex {
    func prepareTables() throws(PhotoIndexError) {
        // Reading the version is the first touch of the file: a file that is no database fails here.
        let version = try userVersion()
        if version == Self.previousVersion {
            try migrate()
        } else if version != 0 && version != Self.schemaVersion {
            try execute("DROP TABLE IF EXISTS entry; DROP TABLE IF EXISTS wall")
        }
        // WAL: a reader never waits for the writer. NORMAL: a crash may lose the last save,
        // never damage the file — the index is a cache.
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        try execute("""
            CREATE TABLE IF NOT EXISTS wall (id INTEGER PRIMARY KEY, key BLOB NOT NULL UNIQUE);
            CREATE TABLE IF NOT EXISTS entry (
                wall INTEGER NOT NULL,
                position INTEGER NOT NULL,
                path BLOB NOT NULL, relative BLOB NOT NULL, grp INTEGER NOT NULL,
                size INTEGER NOT NULL, mtime_s INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
                device INTEGER NOT NULL, inode INTEGER NOT NULL,
                format TEXT, width INTEGER, height INTEGER, orientation INTEGER, animated INTEGER,
                taken_read INTEGER NOT NULL DEFAULT 0, taken_s INTEGER, taken_offset INTEGER,
                PRIMARY KEY (wall, position)) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS shuffle (
                key BLOB PRIMARY KEY, seed INTEGER NOT NULL, round INTEGER NOT NULL,
                position INTEGER NOT NULL, photos BLOB NOT NULL) WITHOUT ROWID;
            PRAGMA user_version = \(Self.schemaVersion);
            """)
        try checkLayout()
    }

    /// Version 3 to 4 in one transaction: the date columns added, every row's date not read.
    /// A version-3 file whose tables are not version 3's (damage, another program) fails the
    /// layout check after, and is made again as any damaged index.
    func migrate() throws(PhotoIndexError) {
        try execute("BEGIN IMMEDIATE")
        do throws(PhotoIndexError) {
            let columns = try columnNames("entry")
            if !columns.isEmpty && !columns.contains("taken_read") {
                try execute("""
                    ALTER TABLE entry ADD COLUMN taken_read INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE entry ADD COLUMN taken_s INTEGER;
                    ALTER TABLE entry ADD COLUMN taken_offset INTEGER;
                    """)
            }
            try execute("PRAGMA user_version = \(Self.schemaVersion); COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        log.info("the photo index \(file.string) now keeps the dates photos were taken; they are read at the next scan")
    }

    /// The columns each table must have, in order: what the queries above read and write.
    static let layout: [(table: String, columns: [String])] = [
        ("wall", ["id", "key"]),
        ("entry", ["wall", "position", "path", "relative", "grp", "size", "mtime_s", "mtime_ns", "device", "inode",
                   "format", "width", "height", "orientation", "animated", "taken_read", "taken_s", "taken_offset"]),
        ("shuffle", ["key", "seed", "round", "position", "photos"]),
    ]

    /// A file of the right version can still hold other tables — another program's database, or
    /// a cascade that changed the tables without bumping the version. Every read and save would
    /// fail on it, a warning each time, at every start; as damage it is made again once.
    func checkLayout() throws(PhotoIndexError) {
        for (table, expected) in Self.layout {
            let columns = try columnNames(table)
            guard columns == expected else {
                throw PhotoIndexError(code: SQLITE_CORRUPT, description: "table \(table) has columns "
                                      + "(\(columns.joined(separator: ", "))), not (\(expected.joined(separator: ", ")))")
            }
        }
    }

    func columnNames(_ table: String) throws(PhotoIndexError) -> [String] {
        let statement = try prepare("PRAGMA table_info(\(table))")
        defer { sqlite3_finalize(statement) }
        var columns: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { columns.append(text(statement, 1) ?? "") }
        return columns
    }

    func userVersion() throws(PhotoIndexError) -> Int32 {
        let statement = try prepare("PRAGMA user_version")
        defer { sqlite3_finalize(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw failure(code, "reading the version") }
        return sqlite3_column_int(statement, 0)
    }
}
