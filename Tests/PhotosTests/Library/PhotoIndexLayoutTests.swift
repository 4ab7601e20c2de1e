// An index file of the right version but other tables: before, every start read
// and saved against it, failed twice with a warning each, and never rebuilt it.

import CSQLite
import Foundation
import Testing
@testable import Photos
@testable import TestSupport

@Suite struct PhotoIndexLayoutTests {
    /// A valid SQLite file at cascade's `user_version` whose tables are not cascade's.
    private func foreignIndex(_ file: PhotoPath) throws {
        var database: OpaquePointer?
        #expect(sqlite3_open(file.string, &database) == SQLITE_OK)
        defer { sqlite3_close(database) }
        let sql = """
            CREATE TABLE wall (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE entry (wall INTEGER, path TEXT);
            INSERT INTO wall (name) VALUES ('someone else''s');
            PRAGMA user_version = \(PhotoIndex.schemaVersion);
            """
        #expect(sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK)
    }

    @Test func anIndexOfTheRightVersionButOtherTablesIsMadeAgainOnceWithOneLogLine() throws {
        let cache = TempFolder()
        let file = cache.path("library.sqlite3")
        try foreignIndex(file)
        let photos = TempFolder()
        photos.write("a.jpg", Fixture.jpeg(width: 40, height: 30))
        let scanned = try PhotoScanner().scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)

        let log = LogRecorder()
        let index = try PhotoIndex(file: file, log: log.logger)
        #expect(try index.wall(for: key).isEmpty)
        try index.save(scanned, for: key)
        #expect(log.messages.count == 1, "\(log.messages)")
        #expect(log.messages.first?.contains("table wall has columns (id, name)") == true, "\(log.messages)")

        // The next start finds cascade's own tables and the saved wall, and says nothing.
        let next = LogRecorder()
        #expect(try PhotoIndex(file: file, log: next.logger).wall(for: key) == scanned)
        #expect(next.messages.isEmpty, "\(next.messages)")
    }
}
