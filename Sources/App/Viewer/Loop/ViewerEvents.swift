// What the viewer tells other programs, one JSON line per event on stdout (`--events stdout`),
// written with one write(2) each so a reader never sees half a line, and flushed at once.

import Control
import Foundation
import Synchronization
import Logging
import Photos
import Waterfall

enum ViewerEvent {
    case scanned(count: Int)
    /// `rect` in wall coordinates, `offset` the scroll offset the user saw when tapping.
    case selected(index: Int, path: PhotoPath, rect: Rect, offset: Double)
    case opened(index: Int, path: PhotoPath)
    case closed(index: Int)
    /// A photo arrived in a watched folder (index in the new order) or left it (index it had).
    case added(index: Int, path: PhotoPath)
    case removed(index: Int, path: PhotoPath)
    /// `partial`: the photo is shown in part (a truncated file), not as an error tile.
    case loadError(index: Int, path: PhotoPath, error: String, partial: Bool)
    /// The screen went off or came on, and why (schedule, idle, command, input, auto).
    case screen(on: Bool, reason: String)
    /// A slide began to show in the slideshow: each of its photos (two for a pair), with the
    /// round it belongs to and its place there (from 1).
    case shown(index: Int?, path: PhotoPath, round: Int, position: Int, roundSize: Int)
    /// A photo's file was turned on disk (`index` on the wall, if it is there); `note` says why
    /// only its orientation tag was changed, nil when its pixels were turned.
    case rotated(index: Int?, path: PhotoPath, degrees: Int, note: String?)
    /// Photos moved to the trash by `trash`, and put back by `restore`: the paths they had.
    case trashed([PhotoPath])
    case restored([PhotoPath])
    /// Photos marked or unmarked (by hand, a program, or leaving the wall): the paths that changed.
    case marked([PhotoPath])
    case unmarked([PhotoPath])
    /// Photos moved or copied by `move` or `copy` (or moved back by `restore`): each file's old
    /// and new path, and why the others stayed where they were.
    case transferred(FileAction, [(from: PhotoPath, to: PhotoPath)], errors: [String])
    /// A configured command run by `run` ended.
    case ran(ActionRunner.Outcome)
    /// The console's screen went away (unplugged, switched off), and came back at a size
    /// (logical pixels, what the wall is laid out in). `output` names card and connector.
    case displayLost(output: String)
    case displayBack(output: String, size: Size)

    /// The name subscribers of the control socket ask for.
    var name: String {
        switch self {
        case .scanned: "scanned"
        case .selected: "selected"
        case .opened: "opened"
        case .closed: "closed"
        case .added: "added"
        case .removed: "removed"
        case .loadError: "load-error"
        case .screen(let on, _): on ? "screen-on" : "screen-off"
        case .shown: "shown"
        case .rotated: "rotated"
        case .trashed: "trashed"
        case .restored: "restored"
        case .marked: "marked"
        case .unmarked: "unmarked"
        case .transferred(let action, _, _): action == .move ? "moved" : "copied"
        case .ran: "ran"
        case .displayLost: "display-lost"
        case .displayBack: "display-back"
        }
    }

    var json: JSONValue {
        switch self {
        case .scanned(let count):
            return .object([("event", .string("scanned")), ("count", .int(count))])
        case let .selected(index, path, rect, offset):
            return .object([
                ("event", .string("selected")), ("index", .int(index)),
                ("path", .string(path.string)), ("uri", .string(path.uri)),
                ("rect", .rect(rect)),
                ("offset", .double(offset)),
            ])
        case let .opened(index, path):
            return .object([("event", .string("opened")), ("index", .int(index)),
                            ("path", .string(path.string)), ("uri", .string(path.uri))])
        case .closed(let index):
            return .object([("event", .string("closed")), ("index", .int(index))])
        case let .added(index, path), let .removed(index, path):
            return .object([("event", .string(name)), ("index", .int(index)),
                            ("path", .string(path.string)), ("uri", .string(path.uri))])
        case let .loadError(index, path, error, partial):
            return .object([("event", .string(name)), ("index", .int(index)),
                            ("path", .string(path.string)), ("error", .string(error)), ("partial", .bool(partial))])
        case .screen(_, let reason):
            return .object([("event", .string(name)), ("reason", .string(reason))])
        case let .shown(index, path, round, position, roundSize):
            return .object([("event", .string(name)), ("index", index.map { .int($0) } ?? .null),
                            ("path", .string(path.string)), ("uri", .string(path.uri)),
                            ("round", .int(round)), ("position", .int(position)), ("roundSize", .int(roundSize))])
        case let .rotated(index, path, degrees, note):
            return .object([("event", .string(name)), ("index", index.map { .int($0) } ?? .null),
                            ("path", .string(path.string)), ("uri", .string(path.uri)), ("degrees", .int(degrees)),
                            ("lossless", .bool(note == nil)), ("note", note.map { .string($0) } ?? .null)])
        case .trashed(let paths), .restored(let paths), .marked(let paths), .unmarked(let paths):
            return .object([("event", .string(name)), ("paths", .array(paths.map { .string($0.string) })),
                            ("uris", .array(paths.map { .string($0.uri) }))])
        case let .transferred(_, pairs, errors):
            return .object([("event", .string(name)), ("files", .array(pairs.map { pair in
                .object([("from", .string(pair.from.string)), ("to", .string(pair.to.string))])
            })), ("errors", .array(errors.map { .string($0) }))])
        case .ran(let outcome):
            return .object([("event", .string(name)), ("name", .string(outcome.name)), ("count", .int(outcome.count)),
                            ("status", outcome.status.map { .int(Int($0)) } ?? .null),
                            ("note", outcome.note.map { .string($0) } ?? .null)])
        case .displayLost(let output):
            return .object([("event", .string(name)), ("output", .string(output))])
        case let .displayBack(output, size):
            return .object([("event", .string(name)), ("output", .string(output)),
                            ("width", .int(Int(size.width))), ("height", .int(Int(size.height)))])
        }
    }
}

/// Where events go. The frame loop never waits for the reader: lines are written by a
/// thread of their own, and a reader that stops reading loses events (logged once) once 1 MiB
/// is waiting, rather than freezing the wall. A reader that went away (EPIPE) turns the events
/// off with one log line instead of killing cascade with SIGPIPE.
final class EventOutput: Sendable {
    private let enabled: Bool
    private let log: Logger
    private let queue = DispatchQueue(label: "cascade.events")
    private let waiting = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)
    private let dropping = Atomic<Bool>(false)
    static let backlogLimit = 1 << 20

    init(_ mode: ViewerOptions.Events, log: Logger) {
        enabled = mode == .stdout
        self.log = log
        // A closed pipe must be an error we can report, not a signal that ends the process.
        signal(SIGPIPE, SIG_IGN)
    }

    func send(_ event: ViewerEvent) {
        guard enabled, !closed.load(ordering: .relaxed) else { return }
        let line = Array((event.json.text + "\n").utf8)
        guard waiting.add(line.count, ordering: .relaxed).newValue <= Self.backlogLimit else {
            waiting.subtract(line.count, ordering: .relaxed)
            if !dropping.exchange(true, ordering: .relaxed) {
                log.warning("events are being dropped: the program reading stdout is not keeping up")
            }
            return
        }
        dropping.store(false, ordering: .relaxed)
        queue.async { [self] in
            defer { waiting.subtract(line.count, ordering: .relaxed) }
            var written = 0
            while written < line.count, !closed.load(ordering: .relaxed) {
                let n = line.withUnsafeBytes { write(1, $0.baseAddress! + written, line.count - written) }
                if n > 0 { written += n; continue }
                if n < 0, errno == EINTR { continue }
                closed.store(true, ordering: .relaxed)
                log.warning("events are off: cannot write to stdout (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Waits until every event sent so far is written (at exit, so none is lost) — but at most
    /// a second: a reader that stopped reading must not keep a stopping service alive.
    func flush(timeout: Double = 1) {
        let written = DispatchSemaphore(value: 0)
        queue.async { written.signal() }
        if written.wait(timeout: .now() + timeout) == .timedOut {
            log.warning("events not yet written are dropped: the program reading stdout is not reading")
        }
    }
}

extension JSONValue {
    /// A rectangle as every reply and event spells one: `{"x", "y", "w", "h"}`.
    static func rect(_ r: Rect) -> JSONValue {
        .object([("x", .double(r.minX)), ("y", .double(r.minY)), ("w", .double(r.width)), ("h", .double(r.height))])
    }
}
