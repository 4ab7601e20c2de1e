// The slideshow as a screen on the stack: the commands it answers (stepping, pausing, stopping),
// those it leaves to the wall beneath, those it closes for (a tile selected opens the photo),
// and what `get-state` tells of it.

import Control
import Photos

extension SlideshowScreen {
    func perform(_ command: Command, from origin: CommandOrigin) -> CommandOutcome {
        let now = clock.now
        switch command {
        case .slideshow(.start): break
        case .slideshow(.stop), .back: host?.dismiss(self)
        case .slideshow(.next), .next: next()
        case .slideshow(.previous), .previous: back()
        case .slideshow(.pause): pause(true, at: now)
        case .slideshow(.resume): pause(false, at: now)
        case .slideshow(.togglePause): pause(!isPaused, at: now)
        case .select, .open, .openAtCursor: return .closeThenBeneath
        default: return .beneath
        }
        return .ok
    }

    func photosChanged(_ entries: [PhotoEntry], by change: PhotosChange) { update(entries) }

    func dismissed() { onDismissed?() }

    var stateFields: [(String, JSONValue)] {
        // Where each photo is drawn, for a screenshot to be read against: the slide at rest (a pan
        // or a Ken Burns move starts there).
        let rects = frames(of: self.shown)
        let shown = zip(self.shown, rects).map { entry, rect -> JSONValue in
            .object([("index", wallIndex?(entry.path).map { .int($0) } ?? .null),
                     ("path", .string(entry.path.string)), ("uri", .string(entry.path.uri)), ("rect", .rect(rect))])
        }
        return [("mode", .string(mode.rawValue)),
                ("slideshow", .object([("shown", .array(shown)), ("paused", .bool(isPaused)),
                                       ("roundSize", .int(roundSize)), ("position", .int(position + 1)),
                                       ("nextReady", .bool(nextReady)),
                                       ("caption", .array(caption.map { .string($0) }))]))]
    }

    var infoSubject: (entry: PhotoEntry, note: String?)? { shown.first.map { ($0, nil) } }
}
