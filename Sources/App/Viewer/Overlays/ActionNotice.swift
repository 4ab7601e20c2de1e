// What an action on the photos' files did, or why it did nothing, in one short line over the
// screen for a few seconds: "6 photos moved to the trash — u puts them back". Programs hear the
// same from the reply or an event; the person at the keys would otherwise hear it only from a
// log they never read, and press the key again. An opaque panel, so it reads over any photo.

import Control
import Photos

struct ActionNotice {
    /// Long enough to read a line, short enough not to be in the way of the next photo.
    static let duration: Double = 4

    let text: String
    /// A refusal or a failure, not a report of something done.
    let isError: Bool
    /// When it goes, on the scene's clock.
    let until: Double

    init(_ text: String, isError: Bool = false, now: Double) {
        self.text = text
        self.isError = isError
        until = now + Self.duration
    }

    var lines: [String] { ScreenMessage.wrapped(text) }

    /// get-state's "notice".
    var json: JSONValue { .object([("text", .string(text)), ("error", .bool(isError))]) }

    /// The line an event of a finished action is told by, and whether it tells of a failure; nil
    /// for events that are no action's outcome. `undoKey` names the key that puts trashed
    /// photos back, nil where there is none to press (a kiosk); it is looked up for a trash
    /// alone, not for every slide shown or photo arriving.
    static func line(for event: ViewerEvent, undoKey: @autoclosure () -> String?) -> (text: String, isError: Bool)? {
        switch event {
        case let .rotated(_, path, degrees, note):
            let how = note == nil ? "" : " (by its orientation tag)"
            return ("\(name(path)) turned \(degrees)°\(how)", false)
        case .trashed(let paths):
            let undo = undoKey().map { " — \($0) puts \(paths.count == 1 ? "it" : "them") back" } ?? ""
            return ("\(photos(paths)) moved to the trash\(undo)", false)
        case .restored(let paths):
            return ("\(photos(paths)) put back from the trash", false)
        case let .transferred(action, pairs, errors):
            let verb = action == .move ? "moved" : "copied"
            guard let first = pairs.first else {
                return ("nothing \(verb): \(errors.first ?? "no photo")", true)
            }
            let done = "\(photos(pairs.map(\.from))) \(verb) to \(name(first.to.parent))"
            guard let failure = errors.first else { return (done, false) }
            return ("\(done); \(errors.count) not: \(failure)", true)
        case .ran(let outcome):
            if outcome.status == 0 { return ("\(outcome.name) done on \(count(outcome.count))", false) }
            let why = outcome.status.map { "exit status \($0)" } ?? "did not finish"
            return ("\(outcome.name) failed (\(why))\(outcome.note.map { ": \($0)" } ?? "")", true)
        default:
            return nil
        }
    }

    /// The photo's name alone, or how many there are.
    static func photos(_ paths: [PhotoPath]) -> String {
        paths.count == 1 ? name(paths[0]) : count(paths.count)
    }

    private static func count(_ n: Int) -> String { n == 1 ? "1 photo" : "\(n) photos" }

    private static func name(_ path: PhotoPath) -> String { path.lastComponent.string }
}
