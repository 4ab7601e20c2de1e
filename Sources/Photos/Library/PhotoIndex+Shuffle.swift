// The slideshow's fair shuffle, kept beside the walls so a restart, a power cut or a reload goes
// on with the round where it stopped. Each step is one small transaction: SQLite makes it whole
// or absent, so a torn write loses at most the last step.

import CSQLite
import Waterfall
import Kiosk

extension PhotoIndex {
    /// The shuffle saved under `key` (the slideshow's folders), or nil. The row is checked as
    /// the untrusted input it is (any program can write the file): one that is damaged — a
    /// column of the wrong type, a round number out of range, a position outside the round, a
    /// photo in it twice — is deleted and reported as damage, so the next start begins a new
    /// round instead of failing the same way again.
    public func shuffle(for key: [UInt8]) throws(PhotoIndexError) -> FairShuffle<PhotoPath>? {
        let statement = try prepare("SELECT seed, round, position, photos FROM shuffle WHERE key = ?")
        defer { sqlite3_finalize(statement) }
        bind(key, at: 1, in: statement)
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        let types = (0..<4).map { sqlite3_column_type(statement, Int32($0)) }
        guard types == [SQLITE_INTEGER, SQLITE_INTEGER, SQLITE_INTEGER, SQLITE_BLOB] else {
            throw try forgetShuffle(for: key, because: "its columns are not three numbers and a list of paths")
        }
        let seed = UInt64(bitPattern: sqlite3_column_int64(statement, 0))
        let round = Int(sqlite3_column_int64(statement, 1)), position = Int(sqlite3_column_int64(statement, 2))
        // Paths never hold a NUL byte: it separates them.
        let photos = blob(statement, 3).split(separator: 0, omittingEmptySubsequences: true).map { PhotoPath(bytes: Array($0)) }
        do {
            return try FairShuffle(saved: photos, position: position, roundNumber: round, seed: seed)
        } catch {
            throw try forgetShuffle(for: key, because: error.description)
        }
    }

    /// Deletes a damaged saved shuffle; the error to report for it.
    private func forgetShuffle(for key: [UInt8], because reason: String) throws(PhotoIndexError) -> PhotoIndexError {
        let damage = PhotoIndexError(code: SQLITE_CORRUPT, description: "the slideshow's saved round in \(file.string) was damaged (\(reason)); a new round starts")
        if isReadOnly { return damage }
        let statement = try prepare("DELETE FROM shuffle WHERE key = ?")
        defer { sqlite3_finalize(statement) }
        bind(key, at: 1, in: statement)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw failure(code, "deleting a damaged slideshow round from") }
        return damage
    }

    /// Moves the saved shuffle under `key` to `position` of its round: a few bytes, where the
    /// whole round of a large library is hundreds of kilobytes — a photo frame on an SD card
    /// writes this at every photo, the round only when it changes. False when none is saved.
    public func savePosition(_ position: Int, for key: [UInt8]) throws(PhotoIndexError) -> Bool {
        let statement = try prepare("UPDATE shuffle SET position = ? WHERE key = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(position))
        bind(key, at: 2, in: statement)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw failure(code, "saving the slideshow's place to") }
        return sqlite3_changes(database) > 0
    }

    /// Saves the shuffle under `key`, replacing what was there, in one transaction.
    public func save(_ shuffle: FairShuffle<PhotoPath>, for key: [UInt8]) throws(PhotoIndexError) {
        let statement = try prepare("INSERT OR REPLACE INTO shuffle (key, seed, round, position, photos) VALUES (?, ?, ?, ?, ?)")
        defer { sqlite3_finalize(statement) }
        bind(key, at: 1, in: statement)
        sqlite3_bind_int64(statement, 2, Int64(bitPattern: shuffle.seed))
        sqlite3_bind_int64(statement, 3, Int64(shuffle.roundNumber))
        sqlite3_bind_int64(statement, 4, Int64(shuffle.position))
        bind(Array(shuffle.round.map(\.bytes).joined(separator: [0])), at: 5, in: statement)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw failure(code, "saving the shuffle to") }
    }
}
