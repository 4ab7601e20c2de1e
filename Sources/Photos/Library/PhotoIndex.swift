#if canImport(Glibc)
import Glibc
#endif
import CacheHome
import CSQLite
import Logging

/// The library as the last scan left it, in an SQLite file under the user's cache: for each
/// set of command-line folders and order, the wall's entries in wall order with what their
/// headers said. A start shows this wall at once while the folders are walked again; the walk
/// takes each header from here while the file's time, size and inode still match (`KnownHeaders`).
///
/// The index is only ever a cache: a damaged file is deleted and made again (one log line), and
/// a cache folder that cannot be written means no index, never a failed start.
///
/// Not thread-safe: one thread (the scan's) owns an instance.
///
/// On SQLite's C API: twice GRDB's speed to save and load 100,000 entries (BENCHMARKS.md "Hand-written or library").
public final class PhotoIndex {
    /// Bumped when the tables change, or what the probe stores in them (3: a JPEG XL's
    /// `animated`; 4: the date taken). An index of version 3 gains the date columns in place,
    /// its headers marked as read before dates were (`HeaderDate.notRead`): the wall still shows
    /// at once, and the next scan reads those headers again. An index of any other version has
    /// its photos dropped and probed again. The slideshow's rounds stay either way.
    static let schemaVersion: Int32 = 4
    /// The version whose tables `migrate` brings to this one.
    static let previousVersion: Int32 = 3

    public let file: PhotoPath
    /// `file` with its folder's links resolved: what SQLite opens.
    private let location: PhotoPath
    let log: Logger
    private(set) var database: OpaquePointer?
    /// Opened read-only: the file or its folder cannot be written. Saves fail; callers that save
    /// at every step (the slideshow) ask this first rather than fail every time.
    public private(set) var isReadOnly = false

    /// `$XDG_CACHE_HOME/cascade/library.sqlite3` (XDG_CACHE_HOME if absolute, else
    /// `$HOME/.cache`); nil when neither is set.
    public static func standardFile(environment: [String: String]) -> PhotoPath? {
        guard let cache = CacheHome.folder(environment: environment).map({ PhotoPath($0) }) else { return nil }
        return cache.appending(Array("cascade".utf8)).appending(Array("library.sqlite3".utf8))
    }

    /// Opens the index at `file`, making its folder and tables when missing. A file that is not
    /// an SQLite database, is damaged or is of another version is replaced by an empty index
    /// (logged once at warning level). A file that can be read but not written (a read-only
    /// cache folder or file) is opened read-only: its walls and the slideshow's place are read,
    /// nothing is saved. Throws when the file cannot be opened, and when it is a symbolic link:
    /// cascade writes its index only into a file of its own, never through a link into another
    /// program's database.
    public init(file: PhotoPath, log: Logger) throws(PhotoIndexError) {
        self.file = file
        self.log = log
        let folder = file.parent
        if file.bytes.contains(UInt8(ascii: "/")) { try Self.makeFolders(folder) }
        // The folders on the way may be links (a cache moved to another disk is the user's
        // choice); the file itself may not, and SQLite's no-follow open refuses a link
        // anywhere in the name, so the folder is resolved first.
        location = file.bytes.contains(UInt8(ascii: "/")) ? folder.resolved().appending(file.lastComponent.bytes) : file
        if location.fileType(followingLinks: false) == S_IFLNK {
            throw PhotoIndexError(code: SQLITE_CANTOPEN, description: "\(file.string) is a symbolic link, not cascade's own file; it is left alone")
        }
        do {
            try open()
            try prepareTables()
        } catch let error where error.isDamage {
            try remake(after: error)
        } catch let error where [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(error.code) {
            // Not writable: read what is there, if anything is.
            close()
            do throws(PhotoIndexError) {
                try openReadOnly()
            } catch _ {
                close()
                throw error
            }
        }
    }

    /// Deletes the damaged file and starts an empty index in its place.
    private func remake(after error: PhotoIndexError) throws(PhotoIndexError) {
        close()
        log.warning("the photo index \(file.string) was damaged (\(error.description)); it is made again")
        Self.remove(location)
        try open()
        try prepareTables()
    }

    deinit { close() }

    /// The wall last saved under `key`, in wall order; empty when there is none. A row whose
    /// header fields make no sense (a hand-edited file) comes back without a header, so the
    /// scan reads that header again.
    public func wall(for key: WallKey) throws(PhotoIndexError) -> [PhotoEntry] {
        do {
            return try readWall(for: key)
        } catch let error where error.isDamage {
            // Damage deeper in the file shows only when its pages are read. A file cascade may
            // not write is not replaced: without it the scan reads every header again.
            if isReadOnly { throw error }
            try remake(after: error)
            return []
        }
    }

    private func readWall(for key: WallKey) throws(PhotoIndexError) -> [PhotoEntry] {
        let statement = try prepare("""
            SELECT e.path, e.relative, e.grp, e.size, e.mtime_s, e.mtime_ns, e.device, e.inode,
                   e.format, e.width, e.height, e.orientation, e.animated, e.taken_read, e.taken_s, e.taken_offset
            FROM entry e JOIN wall w ON e.wall = w.id WHERE w.key = ?1 ORDER BY e.position
            """)
        defer { sqlite3_finalize(statement) }
        bind(key.bytes, at: 1, in: statement)
        var entries: [PhotoEntry] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw failure(code, "reading the wall") }
            let format = text(statement, 8).flatMap(ImageFormat.init(rawValue:))
            let width = Int(sqlite3_column_int64(statement, 9))
            let height = Int(sqlite3_column_int64(statement, 10))
            let orientation = Int(sqlite3_column_int64(statement, 11))
            var info: PhotoInfo?
            if let format, (1...PhotoInfo.maximumSide).contains(width), (1...PhotoInfo.maximumSide).contains(height),
               (1...8).contains(orientation) {
                info = PhotoInfo(format: format, pixelWidth: width, pixelHeight: height,
                                 orientation: Orientation(exifValue: orientation),
                                 isAnimated: sqlite3_column_int64(statement, 12) != 0, taken: takenDate(statement))
            }
            entries.append(PhotoEntry(
                path: PhotoPath(bytes: blob(statement, 0)), relative: PhotoPath(bytes: blob(statement, 1)),
                group: Int(sqlite3_column_int64(statement, 2)),
                mtime: FileTime(seconds: sqlite3_column_int64(statement, 4),
                                nanoseconds: Int32(clamping: sqlite3_column_int64(statement, 5))),
                fileSize: Int(sqlite3_column_int64(statement, 3)),
                fileID: FileID(device: UInt64(bitPattern: sqlite3_column_int64(statement, 6)),
                               inode: UInt64(bitPattern: sqlite3_column_int64(statement, 7))),
                info: info))
        }
        return entries
    }

    /// The date columns (13–15) of a row: not read for a row migrated from before dates were
    /// kept, or whose date makes no sense (the scan reads that header again).
    private func takenDate(_ statement: OpaquePointer?) -> HeaderDate {
        guard sqlite3_column_int64(statement, 13) == 1 else { return .notRead }
        guard sqlite3_column_type(statement, 14) != SQLITE_NULL else { return .absent }
        let wallClock = sqlite3_column_int64(statement, 14)
        var offset: Int?
        if sqlite3_column_type(statement, 15) != SQLITE_NULL { offset = Int(sqlite3_column_int64(statement, 15)) }
        // Years 1…9999 and offsets within ±18 hours, as `CaptureDate(exif:offset:)` reads them.
        guard (-62_135_596_800...253_402_300_799).contains(wallClock), (offset ?? 0).magnitude <= 18 * 60,
              (offset ?? 0) % 15 == 0 else { return .notRead }
        return .taken(CaptureDate(wallClock: wallClock, utcOffsetMinutes: offset))
    }

    /// Replaces the wall saved under `key` by `entries`, in one transaction: a reader (another
    /// cascade starting) sees the old wall or the new one, never half of it.
    public func save(_ entries: [PhotoEntry], for key: WallKey) throws(PhotoIndexError) {
        try execute("BEGIN IMMEDIATE")
        do throws(PhotoIndexError) {
            try execute("DELETE FROM entry WHERE wall IN (SELECT id FROM wall WHERE key = x'\(key.hex)')")
            try execute("DELETE FROM wall WHERE key = x'\(key.hex)'")
            try execute("INSERT INTO wall (key) VALUES (x'\(key.hex)')")
            let wall = sqlite3_last_insert_rowid(database)
            let insert = try prepare("""
                INSERT INTO entry (wall, position, path, relative, grp, size, mtime_s, mtime_ns, device, inode,
                                   format, width, height, orientation, animated, taken_read, taken_s, taken_offset)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
                """)
            defer { sqlite3_finalize(insert) }
            for (position, entry) in entries.enumerated() {
                sqlite3_reset(insert)
                sqlite3_bind_int64(insert, 1, wall)
                sqlite3_bind_int64(insert, 2, Int64(position))
                bind(entry.path.bytes, at: 3, in: insert)
                bind(entry.relative.bytes, at: 4, in: insert)
                sqlite3_bind_int64(insert, 5, Int64(entry.group))
                sqlite3_bind_int64(insert, 6, Int64(entry.fileSize))
                sqlite3_bind_int64(insert, 7, entry.mtime.seconds)
                sqlite3_bind_int64(insert, 8, Int64(entry.mtime.nanoseconds))
                sqlite3_bind_int64(insert, 9, Int64(bitPattern: entry.fileID.device))
                sqlite3_bind_int64(insert, 10, Int64(bitPattern: entry.fileID.inode))
                if let info = entry.info {
                    sqlite3_bind_text(insert, 11, info.format.rawValue, -1, Self.transient)
                    sqlite3_bind_int64(insert, 12, Int64(info.pixelWidth))
                    sqlite3_bind_int64(insert, 13, Int64(info.pixelHeight))
                    sqlite3_bind_int64(insert, 14, Int64(info.orientation.rawValue))
                    sqlite3_bind_int64(insert, 15, info.isAnimated ? 1 : 0)
                    bindTaken(info.taken, in: insert)
                } else {
                    // No header (or an unreadable one): the next scan reads it again.
                    for column in Int32(11)...15 { sqlite3_bind_null(insert, column) }
                    bindTaken(.notRead, in: insert)
                }
                let code = sqlite3_step(insert)
                guard code == SQLITE_DONE else { throw failure(code, "saving the wall") }
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Columns 16–18: whether the date was looked for, and the date found.
    private func bindTaken(_ taken: HeaderDate, in insert: OpaquePointer?) {
        sqlite3_bind_int64(insert, 16, taken == .notRead ? 0 : 1)
        sqlite3_bind_null(insert, 17)
        sqlite3_bind_null(insert, 18)
        if case .taken(let date) = taken {
            sqlite3_bind_int64(insert, 17, date.wallClock)
            if let offset = date.utcOffsetMinutes { sqlite3_bind_int64(insert, 18, Int64(offset)) }
        }
    }

    // MARK: - SQLite

    private func open() throws(PhotoIndexError) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW
        let code = location.withCString { sqlite3_open_v2($0, &database, flags, nil) }
        guard code == SQLITE_OK else {
            defer { close() }
            throw failure(code, "opening")
        }
        // Two cascades on the same index (a kiosk and a desktop) wait for each other briefly.
        sqlite3_busy_timeout(database, 2000)
    }

    /// The file as it is, read-only. A WAL database cannot be read in a folder that cannot be
    /// written (its shared-memory file cannot be made there) unless SQLite is told the file is
    /// immutable, which it is to everyone who cannot write that folder.
    private func openReadOnly() throws(PhotoIndexError) {
        guard location.fileType(followingLinks: false) == S_IFREG else { throw PhotoIndexError(code: SQLITE_CANTOPEN, description: "no index at \(file.string)") }
        var escaped = Array("file:".utf8)
        // A path as an SQLite URI's path: every byte but letters, digits and `/-._~` as %HH.
        PercentEncoding(keeping: "/-._~").encode(location.bytes, into: &escaped)
        let uri = String(decoding: escaped, as: UTF8.self) + "?immutable=1"
        let code = sqlite3_open_v2(uri, &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW, nil)
        guard code == SQLITE_OK else { throw failure(code, "opening read-only") }
        guard try userVersion() == Self.schemaVersion else {
            throw PhotoIndexError(code: SQLITE_CANTOPEN, description: "\(file.string) is of another version and cannot be rewritten")
        }
        try checkLayout()
        isReadOnly = true
        log.info("the photo index \(file.string) cannot be written; it is read, and nothing is saved to it")
    }

    private func close() {
        if let database { sqlite3_close_v2(database) }
        database = nil
    }

    func execute(_ sql: String) throws(PhotoIndexError) {
        let code = sqlite3_exec(database, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code, "running \(sql.prefix(40))") }
    }

    func prepare(_ sql: String) throws(PhotoIndexError) -> OpaquePointer? {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw failure(code, "preparing a query") }
        return statement
    }

    func failure(_ code: Int32, _ doing: String) -> PhotoIndexError {
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return PhotoIndexError(code: code & 0xFF, description: "\(doing) \(file.string): \(message)")
    }

    func bind(_ bytes: [UInt8], at index: Int32, in statement: OpaquePointer?) {
        bytes.withUnsafeBytes { raw in
            // A zero-length blob still needs a non-null pointer, or SQLite stores NULL.
            _ = sqlite3_bind_blob(statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
                                  Self.transient)
        }
    }

    func blob(_ statement: OpaquePointer?, _ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    func text(_ statement: OpaquePointer?, _ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: text)
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind call returns.
    static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

    private static func makeFolders(_ folder: PhotoPath) throws(PhotoIndexError) {
        var prefix: [UInt8] = []
        for (offset, byte) in folder.bytes.enumerated() {
            prefix.append(byte)
            let atEnd = offset == folder.bytes.count - 1
            guard (byte == UInt8(ascii: "/") || atEnd), prefix.count > 1 else { continue }
            let made = PhotoPath(bytes: prefix).withCString { mkdir($0, 0o700) }
            if made != 0 && errno != EEXIST {
                throw PhotoIndexError(code: SQLITE_CANTOPEN,
                                      description: "cannot make \(PhotoPath(bytes: prefix).string): \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func remove(_ file: PhotoPath) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            _ = PhotoPath(bytes: file.bytes + Array(suffix.utf8)).withCString { unlink($0) }
        }
    }
}

/// Which wall of the index: the absolute paths named on the command line, in their order, and
/// the wall's order. A different order or set of folders is another wall.
public struct WallKey: Sendable, Hashable {
    public let bytes: [UInt8]

    /// `depth`: a folder's own files are another wall than its tree, and are saved apart.
    public init(paths: [PhotoPath], order: SortOrder, reversed: Bool, depth: FolderDepth = .tree) {
        var bytes = Array("\(order)|\(reversed)".utf8)
        // Nothing added for a tree, so the walls saved before depths were told apart still match.
        if depth == .ownFiles { bytes += Array("|own".utf8) }
        for path in paths {
            bytes.append(0)
            bytes += path.absolute().bytes
        }
        self.bytes = bytes
    }

    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The index cannot be used; the wall is scanned without it.
public struct PhotoIndexError: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary result code.
    public let code: Int32
    public let description: String

    /// The file is not a database or is damaged: deleting it and starting again is the cure.
    public var isDamage: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }
}
