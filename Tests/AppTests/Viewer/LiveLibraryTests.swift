import Foundation
import Testing
@testable import App
@testable import Photos
import Logging
import Locking
import Waterfall
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// A folder of photos to change under a wall: every test checks that the edit LiveLibrary
/// makes brings the wall to exactly what a fresh scan would show, by steps the engine applies.
private final class LiveFolder {
    let folder: PhotoFolder
    let root: PhotoPath

    /// One small real JPEG; copies with trailing bytes differ in size but not in picture.
    static let jpeg: [UInt8] = {
        let scratch = try! PhotoFolder()
        let file = try! scratch.photo("seed.jpg", width: 40, height: 30, colour: "teal")
        return Array(try! Data(contentsOf: URL(fileURLWithPath: file)))
    }()

    init() throws {
        folder = try PhotoFolder()
        root = PhotoPath(folder.path).absolute()
    }

    func path(_ name: String) -> PhotoPath { root.appending(Array(name.utf8)) }

    /// A photo `padding` bytes larger than the plain one, modified at `time` seconds.
    func photo(_ name: String, padding: Int = 0, time: Int = 1_000_000) {
        let file = folder.path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = try! folder.write(name, Self.jpeg + [UInt8](repeating: 0, count: padding))
        setTime(name, time)
    }

    func setTime(_ name: String, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        let done = path(name).withCString { utimensat(AT_FDCWD, $0, &times, 0) }
        precondition(done == 0)
    }

    func remove(_ name: String) { try! FileManager.default.removeItem(atPath: folder.path + "/" + name) }

    /// As the watcher names a file under this folder, when this folder is root `group`.
    func file(_ name: String, group: Int = 0) -> WatchedFile {
        WatchedFile(path: path(name), relative: PhotoPath(name), group: group)
    }
}

@Suite("live library edits")
struct LiveLibraryTests {
    private func scan(_ arguments: [PhotoPath], _ scanner: PhotoScanner) throws -> [PhotoEntry] {
        try scanner.scan(arguments).entries
    }

    /// Applies `changes` to `old` and checks the edit against a fresh scan and against itself.
    private func check(_ old: [PhotoEntry], _ changes: FolderChanges, arguments: [PhotoPath],
                       _ scanner: PhotoScanner) throws -> LibraryEdit {
        let edit = LiveLibrary(scanner: scanner).edit(old, applying: changes)
        #expect(edit.entries == (try scan(arguments, scanner)))
        #expect(edit.applied(to: old) == edit.entries)
        return edit
    }

    private func names(_ entries: [PhotoEntry]) -> [String] { entries.map(\.relative.string) }

    @Test("name order: arrivals and departures at their places")
    func nameOrder() throws {
        let live = try LiveFolder()
        for name in ["a.jpg", "c.jpg", "e.jpg", "g.jpg"] { live.photo(name) }
        let scanner = PhotoScanner(order: .name)
        let old = try scan([live.root], scanner)
        live.photo("b.jpg")
        live.photo("f.jpg")
        live.remove("e.jpg")
        _ = try live.folder.write("notes.txt", Array("no photo".utf8))   // reported, but no photo
        let edit = try check(old, FolderChanges(added: [live.file("b.jpg"), live.file("f.jpg"), live.file("notes.txt")],
                                                removed: [live.file("e.jpg")]), arguments: [live.root], scanner)
        #expect(names(edit.entries) == ["a.jpg", "b.jpg", "c.jpg", "f.jpg", "g.jpg"])
        #expect(edit.removed == [2])
        #expect(edit.inserted == [1, 3])
        #expect(edit.changed.isEmpty)
        #expect(edit.entries[1].info?.pixelWidth == 40)   // the new photo's header was read
    }

    @Test("mtime order: a rewritten photo moves to its new time; one that keeps its place is reloaded")
    func mtimeOrder() throws {
        let live = try LiveFolder()
        for (i, name) in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"].enumerated() { live.photo(name, time: 1000 + i) }
        let scanner = PhotoScanner(order: .mtime)
        let old = try scan([live.root], scanner)
        live.photo("a.jpg", padding: 10, time: 5000)   // oldest becomes newest: moves
        live.photo("c.jpg", padding: 10, time: 1002)   // same time, new content: stays
        let edit = try check(old, FolderChanges(changed: [live.file("a.jpg"), live.file("c.jpg")]), arguments: [live.root], scanner)
        #expect(names(edit.entries) == ["b.jpg", "c.jpg", "d.jpg", "a.jpg"])
        #expect(edit.removed == [0])
        #expect(edit.inserted == [3])
        #expect(edit.changed == [1])
    }

    @Test("size order, newest first: a grown photo moves, the others stay")
    func sizeOrderReversed() throws {
        let live = try LiveFolder()
        for (i, name) in ["a.jpg", "b.jpg", "c.jpg"].enumerated() { live.photo(name, padding: i * 100) }
        let scanner = PhotoScanner(order: .size, reversed: true)
        let old = try scan([live.root], scanner)
        #expect(names(old) == ["c.jpg", "b.jpg", "a.jpg"])
        live.photo("a.jpg", padding: 1000)
        live.photo("d.jpg", padding: 150)
        let edit = try check(old, FolderChanges(added: [live.file("d.jpg")], changed: [live.file("a.jpg")]),
                             arguments: [live.root], scanner)
        #expect(names(edit.entries) == ["a.jpg", "c.jpg", "d.jpg", "b.jpg"])
        #expect(edit.removed == [2])
        #expect(edit.inserted == [0, 2])
        #expect(edit.changed.isEmpty)
    }

    @Test("random order: an arrival moves no other photo")
    func randomOrder() throws {
        let live = try LiveFolder()
        for i in 1...20 { live.photo("p\(i).jpg") }
        let scanner = PhotoScanner(order: .random(seed: 42))
        let old = try scan([live.root], scanner)
        live.photo("p21.jpg")
        live.remove("p7.jpg")
        let edit = try check(old, FolderChanges(added: [live.file("p21.jpg")], removed: [live.file("p7.jpg")]),
                             arguments: [live.root], scanner)
        #expect(edit.removed.count == 1)
        #expect(edit.inserted.count == 1)
        #expect(edit.changed.isEmpty)
    }

    @Test("groups: a folder, named files and another folder keep their command-line order")
    func groups() throws {
        let first = try LiveFolder()
        let second = try LiveFolder()
        first.photo("b.jpg")
        second.photo("x.jpg")
        second.photo("y.jpg")
        let arguments = [first.root, second.path("y.jpg"), second.root]
        let scanner = PhotoScanner(order: .name)
        let old = try scan(arguments, scanner)
        #expect(old.map(\.group) == [0, 1, 2, 2])
        first.photo("a.jpg")
        second.photo("w.jpg")
        second.photo("y.jpg", padding: 5)
        // y.jpg is in two groups: named (1) and in its folder (2); both tiles change.
        let changes = FolderChanges(
            added: [first.file("a.jpg", group: 0), second.file("w.jpg", group: 2)],
            changed: [second.file("y.jpg", group: 1), second.file("y.jpg", group: 2)])
        let edit = try check(old, changes, arguments: arguments, scanner)
        #expect(names(edit.entries) == ["a.jpg", "b.jpg", "y.jpg", "w.jpg", "x.jpg", "y.jpg"])
        #expect(edit.inserted == [0, 3])
        #expect(edit.changed == [2, 5])
        #expect(edit.removed.isEmpty)
    }

    @Test("what the wall already shows as it is edits nothing; a photo that stops being one goes")
    func noNewsAndNoLongerAPhoto() throws {
        let live = try LiveFolder()
        live.photo("a.jpg")
        live.photo("b.jpg")
        live.photo("c.data")   // a photo by its bytes, not its name
        let scanner = PhotoScanner()
        let old = try scan([live.root], scanner)
        #expect(names(old) == ["a.jpg", "b.jpg", "c.data"])
        let nothing = LiveLibrary(scanner: scanner).edit(old, applying: FolderChanges(added: [live.file("a.jpg")], changed: [live.file("b.jpg")]))
        #expect(nothing.isEmpty)
        #expect(nothing.entries == old)
        _ = try live.folder.write("c.data", Array("just text now".utf8))
        let gone = try check(old, FolderChanges(changed: [live.file("c.data")]), arguments: [live.root], scanner)
        #expect(gone.removed == [2])
        #expect(gone.inserted.isEmpty)
        // A .jpg that cannot be read stays, as an error tile, and is reloaded.
        _ = try live.folder.write("b.jpg", Array("just text now".utf8))
        let broken = try check(gone.entries, FolderChanges(changed: [live.file("b.jpg")]), arguments: [live.root], scanner)
        #expect(broken.changed == [1])
        #expect(broken.entries[1].probeError != nil)
    }

    @Test("edit runs are applied highest first for removals, lowest first for insertions")
    func runs() {
        let edit = LibraryEdit(entries: [], removed: [1, 2, 3, 7, 9, 10], inserted: [0, 1, 4], changed: [5])
        #expect(edit.removedRanges == [9..<11, 7..<8, 1..<4])
        #expect(edit.insertedRanges == [0..<2, 4..<5])
        #expect(edit.changedRanges == [5..<6])
    }

    @Test("random edits of a random wall always land on the new order", arguments: 1...12)
    func randomEdits(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed))
        let live = try LiveFolder()
        var present = Set<String>()
        for i in 0..<15 where Bool.random(using: &rng) {
            live.photo("p\(i).jpg", padding: Int.random(in: 0...50, using: &rng), time: Int.random(in: 1000...1010, using: &rng))
            present.insert("p\(i).jpg")
        }
        let orders: [Photos.SortOrder] = [.name, .mtime, .size, .random(seed: UInt64(seed))]
        let scanner = PhotoScanner(order: orders[seed % orders.count], reversed: seed % 3 == 0)
        let old = try scan([live.root], scanner)
        var changes = FolderChanges()
        for i in 0..<15 {
            let name = "p\(i).jpg"
            switch (present.contains(name), Int.random(in: 0..<3, using: &rng)) {
            case (true, 0):
                live.remove(name)
                changes.removed.append(live.file(name))
            case (true, 1):
                live.photo(name, padding: Int.random(in: 0...50, using: &rng), time: Int.random(in: 1000...1010, using: &rng))
                changes.changed.append(live.file(name))
            case (false, 0):
                live.photo(name, padding: Int.random(in: 0...50, using: &rng), time: Int.random(in: 1000...1010, using: &rng))
                changes.added.append(live.file(name))
            default:
                continue
            }
        }
        let edit = try check(old, changes, arguments: [live.root], scanner)
        // A photo nobody touched never leaves its tile, whatever moved around it.
        let touched = Set((changes.removed + changes.changed).map(\.path))
        for index in edit.removed { #expect(touched.contains(old[index].path)) }
    }

    @Test("the tiles kept in place are the heaviest increasing run", arguments: 1...20)
    func heaviestIncreasing(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let count = Int.random(in: 0...9, using: &rng)
        let values = Array((0..<count + 3).shuffled(using: &rng).prefix(count))
        let weights = values.map { _ in Int.random(in: 1...5, using: &rng) }
        let kept = HeaviestIncreasing.keep(values, weights: weights, bound: count + 3)
        let chosen = values.indices.filter { kept[$0] }
        #expect(zip(chosen, chosen.dropFirst()).allSatisfy { values[$0] < values[$1] })
        // Against every subset.
        var best = 0
        for mask in 0..<(1 << count) {
            let subset = values.indices.filter { mask & (1 << $0) != 0 }
            if zip(subset, subset.dropFirst()).allSatisfy({ values[$0] < values[$1] }) {
                best = max(best, subset.reduce(0) { $0 + weights[$1] })
            }
        }
        #expect(chosen.reduce(0) { $0 + weights[$1] } == best)
    }

    @Test("live folders: watch before the scan, begin with its entries, apply every edit in order")
    func liveFolders() throws {
        let live = try LiveFolder()
        live.photo("a.jpg")
        let scanner = PhotoScanner()
        let wakes = WakeCounter()
        let folders = try LiveFolders(paths: [live.root], scanner: scanner, log: Logger(label: "test"), debounce: 0.05, wake: wakes.wake)
        defer { folders.stop() }
        live.photo("early.jpg")   // after the watcher started, maybe before the scan saw it
        var wall = try scan([live.root], scanner)
        folders.begin(with: wall)
        live.photo("b.jpg")
        live.photo("sub/c.jpg")
        live.remove("a.jpg")
        let expected = ["b.jpg", "early.jpg", "sub/c.jpg"]
        _ = eventually {
            while let edit = folders.takeEdit() {
                #expect(edit.applied(to: wall) == edit.entries)
                wall = edit.entries
            }
            return names(wall) == expected
        }
        #expect(names(wall) == expected)
        #expect(wall == (try scan([live.root], scanner)))
        #expect(wakes.count > 0)
        // A rescan's entries replace the base: later edits apply to them.
        folders.begin(with: wall)
        live.photo("d.jpg")
        #expect(eventually {
            if let edit = folders.takeEdit() { wall = edit.applied(to: wall) }
            return names(wall).contains("d.jpg")
        })
    }

    @Test("live folders: a photo the wall removes itself (trashed) is not removed again when the watcher sees it leave, nor one put back added twice")
    func wallEditsItself() throws {
        let live = try LiveFolder()
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] { live.photo(name) }
        let scanner = PhotoScanner()
        let folders = try LiveFolders(paths: [live.root], scanner: scanner, log: Logger(label: "test"), debounce: 0.05, wake: {})
        defer { folders.stop() }
        var wall = try scan([live.root], scanner)
        folders.begin(with: wall)
        let b = wall[1]
        // The wall drops b's tile at once, as `trash` does, then the file leaves.
        folders.wallEdited { pending in
            for edit in pending { wall = edit.applied(to: wall) }
            wall.remove(at: 1)
            return wall
        }
        live.remove("b.jpg")
        live.photo("e.jpg")
        var edits: [LibraryEdit] = []
        let arrived = eventually {
            while let edit = folders.takeEdit() {
                #expect(edit.applied(to: wall) == edit.entries, "every edit fits the wall it is applied to")
                edits.append(edit)
                wall = edit.applied(to: wall)
            }
            return names(wall).contains("e.jpg")
        }
        #expect(arrived)
        #expect(names(wall) == ["a.jpg", "c.jpg", "d.jpg", "e.jpg"], "only e.jpg came or went: \(edits)")
        // b is put back: the wall inserts it, then the watcher sees it arrive.
        folders.wallEdited { pending in
            for edit in pending { wall = edit.applied(to: wall) }
            wall.insert(b, at: 1)
            return wall
        }
        live.photo("b.jpg")
        live.photo("f.jpg")
        _ = eventually {
            while let edit = folders.takeEdit() { wall = edit.applied(to: wall) }
            return names(wall).contains("f.jpg")
        }
        #expect(names(wall) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg"])
    }
}

private final class WakeCounter: Sendable {
    private let calls = Locked(0)
    var wake: @Sendable () -> Void { { [self] in calls.withLock { $0 += 1 } } }
    var count: Int { calls.withLock { $0 } }
}
