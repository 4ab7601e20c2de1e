// The chooser `move` and `copy` open without a folder (Ctrl+M, C): a short numbered list of
// destinations — the configured ones, then the recent ones — over the screen it was opened on.
// 1–9 pick at once; ↑ ↓ (or k j) and Return pick the one highlighted; o asks the desktop's
// folder dialog for another (so move and copy work before any destination is configured); Esc
// or a click cancels. It takes every key while it is open, so a key meant for it never trashes
// or steps the photo beneath.

import Control
import Glibc
import Photos
import Screen
import Waterfall

@MainActor
final class DestinationChooser: ViewerScreen {
    let id = ScreenID.next()
    weak var host: (any ScreenHost)?
    let action: FileAction
    /// How many photos go: the chooser says so.
    let count: Int
    let folders: [PhotoPath]
    /// Those not there now (a card not inserted, a folder not made yet) or not answering (a
    /// share away): picking one is an error in the log, so the list says so first.
    private let missing: [PhotoPath: FolderLooks.Answer]
    private(set) var highlighted = 0
    /// The screen it was opened over, drawn beneath it.
    private let beneath: any ViewerScreen
    private let drawer: TileDrawer
    private let choose: (PhotoPath) -> Void
    /// Opens the desktop's folder dialog for another folder (FolderDialogs).
    private let askElsewhere: () -> Void

    init(action: FileAction, count: Int, folders: [PhotoPath], beneath: any ViewerScreen, drawer: TileDrawer,
         choose: @escaping (PhotoPath) -> Void, askElsewhere: @escaping () -> Void) {
        self.action = action
        self.count = count
        self.folders = folders
        missing = Dictionary(zip(folders, FolderLooks.look(at: folders, within: PhotoEditor.answerWithin)).filter { $0.1 != .folder },
                             uniquingKeysWith: { first, _ in first })
        self.beneath = beneath
        self.drawer = drawer
        self.choose = choose
        self.askElsewhere = askElsewhere
    }

    var mode: ViewerMode { beneath.mode }

    func takes(_ press: KeyPress) -> Bool {
        switch press.key {
        case .escape, .backspace: close(choosing: nil)
        case .enter: close(choosing: folders.indices.contains(highlighted) ? folders[highlighted] : nil)
        case .up, .character("k"): if !folders.isEmpty { highlighted = (highlighted + folders.count - 1) % folders.count }
        case .down, .character("j"), .tab: if !folders.isEmpty { highlighted = (highlighted + 1) % folders.count }
        case .character("o"):
            host?.dismiss(self)
            askElsewhere()
        case .character(let c):
            if let digit = c.wholeNumberValue, folders.indices.contains(digit - 1) { close(choosing: folders[digit - 1]) }
        default: break
        }
        return true
    }

    private func close(choosing folder: PhotoPath?) {
        host?.dismiss(self)
        if let folder { choose(folder) }
    }

    /// A click or a tap anywhere cancels: the list answers keys only, and a pointer that seems
    /// to do nothing would leave the person wondering why the wall stopped scrolling.
    func handle(_ input: InputEvent) {
        if case .pointerUp = input { close(choosing: nil) }
    }

    func perform(_ command: Command, from origin: CommandOrigin) -> CommandOutcome {
        if command == .back { close(choosing: nil); return .ok }
        return .beneath
    }

    func accept(_ finished: ViewerDecodes.Finished, now: Double) {}
    /// The screen beneath still fades its pictures in while the list is over it.
    func needsFrame(at now: Double) -> Bool { beneath.needsFrame(at: now) }

    func draw(now: Double) {
        beneath.draw(now: now)
        _ = drawer.drawPanel(lines, placement: .centre)
    }

    var lines: [String] {
        let what = count == 1 ? "the photo" : "\(count) photos"
        let verb = action == .move ? "Move" : "Copy"
        let elsewhere = "   o\tanother folder… (the folder dialog)"
        guard !folders.isEmpty else {
            return ["\(verb) \(what) to:", elsewhere,
                    "The folders chosen are offered here next time. o · Esc or a click cancels"]
        }
        var lines = ["\(verb) \(what) to:"]
        for (n, folder) in folders.enumerated() {
            let note = switch missing[folder] {
            case .notAFolder: "  (not there)"
            case .noAnswer: "  (not answering)"
            default: ""
            }
            lines.append("\(n == highlighted ? "→" : "  ") \(n + 1)\t\(folder.string)\(note)")
        }
        lines.append(elsewhere)
        lines.append("1–\(folders.count) or ↑ ↓ Return · o · Esc or a click cancels")
        return lines
    }

    /// The stack resizes every screen on it, the one beneath included; the panel is centred anew
    /// at every draw.
    func resize(_ size: Size) {}
    func close() {}

    var whenIdle: IdleRole { .closes }
    var infoSubject: (entry: PhotoEntry, note: String?)? { beneath.infoSubject }
    var stateFields: [(String, JSONValue)] {
        [("chooser", .object([("action", .string(action.rawValue)), ("highlighted", .int(highlighted)),
                              ("folders", .array(folders.map { .string($0.string) }))]))]
    }
}
