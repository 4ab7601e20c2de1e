// libFuzzer target for the slideshow's saved round as the photo index holds it: any row another
// program (or a failing disk) can leave — any column type, any number, any list of paths — must
// come back as a usable round or as damage that is deleted, and a round that comes back must go
// on fair through a change of library and over its end. Built only with CASCADE_FUZZ=1 and
// -sanitize=fuzzer (see script/dev/fuzz): libFuzzer supplies main().
//
// An input is: one byte of column types (two bits each for seed, round, position and photos),
// three little-endian 64-bit numbers (seed, round, position), one byte saying how many of the
// round's photos leave the library (low half) and how many arrive (high half), then the photos
// column's bytes, paths separated by NUL.
import CSQLite
import Foundation
import Logging
import Photos
import Waterfall
import Kiosk

let key = Array("slideshow|fair".utf8) + [0] + Array("/srv".utf8)

/// One index for the whole run, and a second connection that writes rows behind its back.
/// libFuzzer calls the target on one thread only.
nonisolated(unsafe) let (index, writer): (PhotoIndex, OpaquePointer) = {
    let folder = NSTemporaryDirectory() + "cascade-savedstate-fuzz-\(getpid())"
    let file = folder + "/library.sqlite3"
    let index = try! PhotoIndex(file: PhotoPath(file), log: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
    var writer: OpaquePointer?
    precondition(sqlite3_open_v2(file, &writer, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
    // The table without its NOT NULL constraints, so that NULLs reach the reader too.
    precondition(sqlite3_exec(writer, """
        DROP TABLE shuffle;
        CREATE TABLE shuffle (key BLOB PRIMARY KEY, seed INTEGER, round INTEGER, position INTEGER, photos BLOB) WITHOUT ROWID;
        """, nil, nil, nil) == SQLITE_OK)
    return (index, writer!)
}()

let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

func number(_ bytes: ArraySlice<UInt8>) -> Int64 {
    Int64(bitPattern: bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
}

/// Binds a number column as the type the input chose for it.
func bindNumber(_ statement: OpaquePointer?, _ column: Int32, _ value: Int64, type: UInt8) {
    switch type {
    case 0: sqlite3_bind_int64(statement, column, value)
    case 1: sqlite3_bind_text(statement, column, "\(value)", -1, transient)
    case 2: sqlite3_bind_double(statement, column, Double(value) / 3)
    default: sqlite3_bind_null(statement, column)
    }
}

func bindPhotos(_ statement: OpaquePointer?, _ bytes: [UInt8], type: UInt8) {
    bytes.withUnsafeBytes { raw in
        let base = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)
        switch type {
        case 0: sqlite3_bind_blob(statement, 5, base, Int32(raw.count), transient)
        case 1: sqlite3_bind_text(statement, 5, base?.assumingMemoryBound(to: CChar.self), Int32(raw.count), transient)
        case 2: sqlite3_bind_int64(statement, 5, Int64(raw.count))
        default: sqlite3_bind_null(statement, 5)
        }
    }
}

func writeRow(_ bytes: [UInt8]) {
    var statement: OpaquePointer?
    precondition(sqlite3_prepare_v2(writer, "INSERT OR REPLACE INTO shuffle VALUES (?, ?, ?, ?, ?)", -1, &statement, nil) == SQLITE_OK)
    defer { sqlite3_finalize(statement) }
    _ = key.withUnsafeBytes { sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), transient) }
    let types = bytes[0]
    for (column, offset) in [(Int32(2), 1), (3, 9), (4, 17)] {
        bindNumber(statement, column, number(bytes[offset..<offset + 8]), type: types >> (2 * UInt8(column - 2)) & 3)
    }
    bindPhotos(statement, Array(bytes[26...]), type: types >> 6)
    precondition(sqlite3_step(statement) == SQLITE_DONE)
}

/// The checks every state the slideshow holds must pass.
func checkInvariants(_ shuffle: FairShuffle<PhotoPath>) {
    precondition((1...FairShuffle<PhotoPath>.lastRound).contains(shuffle.roundNumber), "round number \(shuffle.roundNumber)")
    precondition((-1..<shuffle.round.count).contains(shuffle.position), "position \(shuffle.position) of \(shuffle.round.count)")
    precondition(Set(shuffle.round).count == shuffle.round.count, "a photo twice in the round")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func savedStateFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 26 else { return 0 }
    writeRow(bytes)
    let loaded: FairShuffle<PhotoPath>?
    do {
        loaded = try index.shuffle(for: key)
    } catch {
        // Damage: reported as such, and gone, so the next start does not meet it again.
        precondition(error.isDamage, "\(error)")
        do {
            let left = try index.shuffle(for: key)
            precondition(left == nil, "a damaged round was kept")
        } catch {
            preconditionFailure("a damaged round was kept: \(error)")
        }
        return 0
    }
    guard var shuffle = loaded else { preconditionFailure("the row written was not found") }
    checkInvariants(shuffle)

    // The library changed while cascade was down: some of the round's photos left, some arrived.
    let leaving = Int(bytes[25] & 0xF), arriving = Int(bytes[25] >> 4)
    let staying = Array(shuffle.round.dropFirst(leaving))
    let library = staying + (0..<arriving).map { PhotoPath("/srv/new-\($0).jpg") }.filter { !Set(staying).contains($0) }
    shuffle.update(to: library)
    checkInvariants(shuffle)
    precondition(Set(shuffle.round) == Set(library), "the round does not hold the library")

    // On to the round's end, then one whole round: every photo once.
    let round = shuffle.roundNumber
    while shuffle.roundNumber == round, !library.isEmpty { _ = shuffle.next() }
    var whole = [shuffle.current].compactMap { $0 }
    for _ in 1..<max(library.count, 1) { whole += [shuffle.next()].compactMap { $0 } }
    checkInvariants(shuffle)
    precondition(whole.sorted() == library.sorted(), "a round after a restore was not every photo once")

    // What is saved comes back the same.
    try! index.save(shuffle, for: key)
    let back = try! index.shuffle(for: key)
    precondition(back == shuffle, "the saved round came back changed")
    return 0
}
