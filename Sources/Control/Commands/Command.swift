// Everything the viewer can be asked to do. Keys, gestures, the control socket and key bindings
// from the configuration file all make one of these, and the viewer performs it in one place, so
// a key and a socket request that name the same command cannot do different things. Their names,
// arguments and keys are in CommandTable.

import Waterfall  // CursorMove, QuarterTurn, WallAxis

public enum Command: Sendable, Equatable {
    /// What is on screen (the socket's `get-state`).
    case getState
    /// The frame loop's health: frames, stalls, input handled, textures against the budget.
    case getStats

    case scrollTo(ScrollTarget, animated: Bool)
    case pageDown, pageUp, top, bottom
    case moveCursor(CursorMove)
    /// Exactly what a tap on tile `index` does. The index is ≥ 0; whether a photo has it is the
    /// app's to check (it answers with a ControlError).
    case select(Int)
    case open(Int)
    /// Return: the photo at the cursor, or the first one on screen.
    case openAtCursor
    case close
    /// Esc: back to the wall from a photo, or hide the cursor on the wall.
    case back
    /// nil = automatic, as `--columns auto`.
    case setColumns(Int?)
    /// A horizontal wall's rows; nil = automatic, as `--rows auto`.
    case setRows(Int?)
    /// Turns the running wall to scroll down (columns) or sideways (rows).
    case setDirection(WallAxis)
    /// Fewer columns on the wall; a closer look at the open photo.
    case zoomIn, zoomOut, resetZoom
    /// The open photo at 1:1, or back to its rest.
    case actualSize
    case next, previous, first, last

    case toggleHelp, toggleInfo, toggleStats, toggleFullscreen
    /// The open photo's strip of neighbours shown or hidden.
    case toggleFilmstrip
    case reload
    case quit
    /// `screen on|off|auto`: hold the screen lit or dark, or hand it back to the schedule and idle timeout.
    case screen(ScreenRequest)
    /// The photo-frame mode: start or stop it, step, pause.
    case slideshow(SlideshowRequest)
    /// Turn the chosen photo's file clockwise as it is seen: the wall's cursor, the open photo.
    case rotate(QuarterTurn)

    /// Orders the wall again, keeping the photo at the cursor (or at the top of the screen) in view.
    case sort(SortRequest)

    /// Photo `index` to the trash (freedesktop.org Trash specification); nil: the open photo,
    /// else the one at the cursor.
    case trash(Int?)
    /// Undoes the last trash or move: the photos go back where they were.
    case restore

    /// Marks: the photos chosen to act on together. `mark` and `unmark` take photos by index or
    /// path; none given: the open photo, else the one at the cursor.
    case mark([PhotoReference]), unmark([PhotoReference])
    /// `m`: the open photo's or the cursor's mark on or off.
    case toggleMark
    /// Shift+arrow: the cursor moves and every photo from the last one marked to it is marked.
    case extendMarks(CursorMove)
    /// Every photo of the cursor's section.
    case markSection
    case clearMarks

    /// Moves or copies photos into the folder `to`; with no folder, the chooser of destinations
    /// opens for the targets.
    case transfer(FileAction, to: String?, PhotoChoice)
    /// The photos' paths to the clipboard, one a line.
    case copyPath(PhotoChoice)
    /// The configured command `name` on the photos.
    case run(String, PhotoChoice)

    /// A message drawn over whatever is on screen for a while (`ScreenMessage`); nil takes it away.
    case message(String?)
    /// The slideshow's seconds per slide, and how one slide gives way to the next.
    case slideshowInterval(Double)
    case transition(SlideTransition)

    /// The screen's backlight in percent, where the kernel drives one (Backlight).
    case brightness(Int)
    /// The photo on screen — the slide, or the photo open — to the trash, and only that one:
    /// never the marks nor the wall's cursor (Home Assistant's button cannot see them).
    case trashShown
    /// Which configured folder the wall shows: one by its path, nil for all of them.
    case folder(String?)
    /// A photo from Immich changed on the server (docs/immich.md): the one a path names, or nil
    /// for the one shown — the slide, the open photo, else the wall cursor's.
    case immich(ImmichRequest, path: String?)
}

/// What the frame may change of an Immich asset.
public enum ImmichRequest: String, Sendable, Equatable, CaseIterable { case favorite, unfavorite, archive }

/// A photo as a program names it: by its index on the wall, or by its path.
public enum PhotoReference: Sendable, Equatable {
    case index(Int)
    case path(String)
}

/// What `move` and `copy` do with a photo's file.
public enum FileAction: String, Sendable, Equatable, CaseIterable { case move, copy }

/// The photos a file action works on.
public enum PhotoChoice: Sendable, Equatable {
    /// The targets: the marked photos if any, else the open photo, else the wall cursor's.
    case targets
    /// The photo at this index of the wall.
    case index(Int)
    /// These files, on the wall or not.
    case paths([String])
}

extension Command {
    /// Held down, its key repeats (CommandTable says which).
    public var repeats: Bool { CommandTable.row(giving: self)?.repeats ?? false }

    /// Whether it only asks (CommandTable says which).
    public var isQuery: Bool { CommandTable.row(giving: self)?.isQuery ?? false }

    /// A command written as words, as in a key binding or `cascade ctl`: a name and its arguments
    /// (`next`, `slideshow next`, `screen off`, `scroll-to {"index":0}`), checked as the socket
    /// checks them.
    public static func parse(words: [String]) throws(ControlError) -> Command {
        guard let name = words.first else { throw ControlError("no command") }
        var arguments: [JSONValue] = []
        for word in words.dropFirst() {
            do {
                arguments.append(try ControlCommandLine.argument(word))
            } catch {
                throw ControlError("\(name): cannot read \(word): \(error)")
            }
        }
        switch ControlProtocol.message(name: .string(name), arguments: arguments) {
        case .success(.command(let command)): return command
        case .success: throw ControlError("\(name) is for the control socket only")
        case .failure(let error):
            if ControlProtocol.commandNames.contains(name) { throw error }
            throw ControlError("unknown command \"\(name)\" (commands: \(bindableNames.joined(separator: ", ")))")
        }
    }

    /// The commands worth a key: all but those that only ask.
    private static let bindableNames = CommandTable.names.filter { name in
        CommandTable.rows.contains { $0.name == name && !$0.isQuery }
    }
}

public enum ScrollTarget: Sendable, Equatable {
    /// Bring photo `index` into view.
    case index(Int)
    /// Scroll so the top of the screen shows wall coordinate y. Any finite number: the app
    /// clamps it to the wall as it does a fling.
    case offset(Double)
    /// Bring the first photo taken in this period to the top (a wall sorted by date only).
    case date(DatePeriod)
}

public enum ScreenRequest: String, Sendable, Equatable, CaseIterable { case on, off, auto }

/// `slideshow start|stop|next|prev|pause|resume|toggle`.
public enum SlideshowRequest: String, Sendable, Equatable, CaseIterable {
    case start, stop, next, previous = "prev", pause, resume, togglePause = "toggle"
}

/// `sort date|name|mtime|size|random`, a leading `-` for the reverse (`-date`: newest first), as
/// `--sort` takes them.
public struct SortRequest: Sendable, Equatable {
    public enum Key: String, Sendable, CaseIterable { case name, date, mtime, size, random }
    public let key: Key
    public let descending: Bool

    public init(key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    public init?(word: String) {
        let descending = word.hasPrefix("-")
        guard let key = Key(rawValue: String(word.dropFirst(descending ? 1 : 0))) else { return nil }
        self.init(key: key, descending: descending)
    }
}

/// A command the app could not carry out; the message goes to the client as the reply's "error".
public struct ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
