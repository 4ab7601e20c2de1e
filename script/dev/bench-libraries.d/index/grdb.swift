// The same tables, the same wall, through GRDB 7.10: the way its guide writes it (Codable
// records) and with its statement-level API (cached statements, row cursors).
//   index-grdb FOLDER [RUNS]
import Foundation
import GRDB
import Index

let folder = CommandLine.arguments[1]
let runs = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 7
let entries = BenchWall.entries()
let key = Data(BenchWall.key.bytes)

var configuration = Configuration()
configuration.prepareDatabase { db in
    try db.execute(sql: "PRAGMA synchronous = NORMAL")
    try db.execute(sql: "PRAGMA busy_timeout = 2000")
}
let queue = try DatabaseQueue(path: folder + "/grdb.sqlite3", configuration: configuration)
try queue.writeWithoutTransaction { db in
    try db.execute(sql: "PRAGMA journal_mode = WAL")
    try db.execute(sql: """
        CREATE TABLE IF NOT EXISTS wall (id INTEGER PRIMARY KEY, key BLOB NOT NULL UNIQUE);
        CREATE TABLE IF NOT EXISTS entry (
            wall INTEGER NOT NULL, position INTEGER NOT NULL,
            path BLOB NOT NULL, relative BLOB NOT NULL, grp INTEGER NOT NULL,
            size INTEGER NOT NULL, mtime_s INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
            device INTEGER NOT NULL, inode INTEGER NOT NULL,
            format TEXT, width INTEGER, height INTEGER, orientation INTEGER, animated INTEGER,
            PRIMARY KEY (wall, position)) WITHOUT ROWID;
        """)
}

/// One row of `entry` as a GRDB record.
struct EntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "entry"
    var wall: Int64, position: Int64, path: Data, relative: Data, grp: Int64, size: Int64
    var mtime_s: Int64, mtime_ns: Int64, device: Int64, inode: Int64
    var format: String?, width: Int64?, height: Int64?, orientation: Int64?, animated: Int64?

    init(_ e: PhotoEntry, wall: Int64, position: Int) {
        self.wall = wall; self.position = Int64(position)
        path = Data(e.path.bytes); relative = Data(e.relative.bytes); grp = Int64(e.group); size = Int64(e.fileSize)
        mtime_s = e.mtime.seconds; mtime_ns = Int64(e.mtime.nanoseconds)
        device = Int64(bitPattern: e.fileID.device); inode = Int64(bitPattern: e.fileID.inode)
        format = e.info?.format.rawValue; width = e.info.map { Int64($0.pixelWidth) }
        height = e.info.map { Int64($0.pixelHeight) }; orientation = e.info.map { Int64($0.orientation.rawValue) }
        animated = e.info.map { $0.isAnimated ? 1 : 0 }
    }

    var entry: PhotoEntry {
        var info: PhotoInfo?
        if let format = format.flatMap(ImageFormat.init(rawValue:)), let width, let height, let orientation, (1...8).contains(orientation) {
            info = PhotoInfo(format: format, pixelWidth: Int(width), pixelHeight: Int(height),
                             orientation: Orientation(exifValue: Int(orientation)), isAnimated: animated == 1)
        }
        return PhotoEntry(path: PhotoPath(bytes: Array(path)), relative: PhotoPath(bytes: Array(relative)), group: Int(grp),
                          mtime: FileTime(seconds: mtime_s, nanoseconds: Int32(clamping: mtime_ns)), fileSize: Int(size),
                          fileID: FileID(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode)), info: info)
    }
}

func replaceWall(_ db: Database) throws -> Int64 {
    try db.execute(sql: "DELETE FROM entry WHERE wall IN (SELECT id FROM wall WHERE key = ?)", arguments: [key])
    try db.execute(sql: "DELETE FROM wall WHERE key = ?", arguments: [key])
    try db.execute(sql: "INSERT INTO wall (key) VALUES (?)", arguments: [key])
    return db.lastInsertedRowID
}
let select = """
    SELECT e.path, e.relative, e.grp, e.size, e.mtime_s, e.mtime_ns, e.device, e.inode,
           e.format, e.width, e.height, e.orientation, e.animated
    FROM entry e JOIN wall w ON e.wall = w.id WHERE w.key = ? ORDER BY e.position
    """

try BenchWall.measure("GRDB, Codable records", runs: runs, save: {
    try queue.inTransaction(.immediate) { db in
        let wall = try replaceWall(db)
        for (position, e) in entries.enumerated() { try EntryRecord(e, wall: wall, position: position).insert(db) }
        return .commit
    }
}, load: {
    let wall = try queue.read { db in
        try EntryRecord.fetchAll(db, sql: "SELECT e.* FROM entry e JOIN wall w ON e.wall = w.id WHERE w.key = ? ORDER BY e.position",
                                 arguments: [key]).map(\.entry)
    }
    precondition(wall == entries)
    return wall.count
})

try BenchWall.measure("GRDB, statements and row cursors", runs: runs, save: {
    try queue.inTransaction(.immediate) { db in
        let wall = try replaceWall(db)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO entry (wall, position, path, relative, grp, size, mtime_s, mtime_ns, device, inode,
                               format, width, height, orientation, animated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, e) in entries.enumerated() {
            try insert.execute(arguments: [wall, position, Data(e.path.bytes), Data(e.relative.bytes), e.group, e.fileSize,
                                           e.mtime.seconds, e.mtime.nanoseconds, Int64(bitPattern: e.fileID.device),
                                           Int64(bitPattern: e.fileID.inode), e.info?.format.rawValue, e.info?.pixelWidth,
                                           e.info?.pixelHeight, e.info?.orientation.rawValue, e.info.map { $0.isAnimated ? 1 : 0 }])
        }
        return .commit
    }
}, load: {
    let wall = try queue.read { db -> [PhotoEntry] in
        var out: [PhotoEntry] = []
        let rows = try Row.fetchCursor(db, sql: select, arguments: [key])
        while let row = try rows.next() {
            var info: PhotoInfo?
            let format: String? = row[8], width: Int? = row[9], height: Int? = row[10], orientation: Int? = row[11]
            if let format = format.flatMap(ImageFormat.init(rawValue:)), let width, let height, let orientation, (1...8).contains(orientation) {
                info = PhotoInfo(format: format, pixelWidth: width, pixelHeight: height,
                                 orientation: Orientation(exifValue: orientation), isAnimated: (row[12] as Int?) == 1)
            }
            let path = try row.withUnsafeData(atIndex: 0) { $0.map { Array($0) } ?? [] }
            let relative = try row.withUnsafeData(atIndex: 1) { $0.map { Array($0) } ?? [] }
            out.append(PhotoEntry(path: PhotoPath(bytes: path), relative: PhotoPath(bytes: relative), group: row[2],
                                  mtime: FileTime(seconds: row[4], nanoseconds: Int32(clamping: row[5] as Int64)), fileSize: row[3],
                                  fileID: FileID(device: UInt64(bitPattern: row[6]), inode: UInt64(bitPattern: row[7])), info: info))
        }
        return out
    }
    precondition(wall == entries)
    return wall.count
})
