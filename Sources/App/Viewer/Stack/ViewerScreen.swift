// What every screen of the viewer is: the wall, one photo, the slideshow — and whatever comes
// next (a timeline, a marked set) by adopting this and nothing else. The loop keeps them on a
// stack (ScreenStack) and gives the top one the input, the commands it does not handle itself,
// the clock's ticks and the frame to draw; decode results go to whichever screen asked.

import Control
import Photos
import Screen
import Waterfall

@MainActor
protocol ViewerScreen: AnyObject {
    /// Which results are this screen's (DecodeKey), and how the stack finds it.
    var id: ScreenID { get }
    /// Its keys and its help (the command table's modes), and `get-state`'s "mode".
    var mode: ViewerMode { get }
    /// The stack it is on; nil while it is not on one (a screen tested alone).
    var host: (any ScreenHost)? { get set }

    /// Pointer, touch and wheel input while it is on top.
    func handle(_ input: InputEvent)
    /// A key press while it is on top, before the key bindings see it; true when it took it
    /// (a chooser's digits and arrows).
    func takes(_ press: KeyPress) -> Bool
    /// A command while it is on top, or passed down to it by the screen above.
    func perform(_ command: Command, from origin: CommandOrigin) -> CommandOutcome
    /// A decode it asked for.
    func accept(_ finished: ViewerDecodes.Finished, now: Double)
    /// A window of an animated photo's frames it asked for.
    func accept(frames finished: AnimationDecodes.Finished, now: Double)

    /// Work due by the clock; true when what it shows changed.
    func tick(at now: Double) -> Bool
    /// Whether it moves by itself and needs the next frame.
    func needsFrame(at now: Double) -> Bool
    /// When the loop must wake for it even if no event comes.
    func nextDeadline(after now: Double) -> Double
    func draw(now: Double)
    /// The frame just drawn is on screen.
    func presented(at now: Double)
    func resize(_ size: Size)
    /// The window was made again for a screen that came back (`Window.recreate`): every texture
    /// is gone, and `size` may be new. Draw everything again, keeping the place on screen.
    func rendererRecreated(size: Size)
    /// The display went dark or lit.
    func screenPower(on: Bool, at now: Double)
    /// The wall's photos changed (`entries`, in the wall's order), and why.
    func photosChanged(_ entries: [PhotoEntry], by change: PhotosChange)
    /// The files of `fresh` were rewritten — turned by the viewer, saved again by an editor,
    /// replaced by a sync: their entries (a displayed size may have changed) replace the old
    /// ones, and their pictures are made again.
    func photosRewritten(_ fresh: [PhotoEntry])
    /// Frees its textures and pending decodes: it is leaving the stack, or the viewer is ending.
    func close()
    /// It is being taken off the stack while the viewer runs (`close` follows): the screen that
    /// opened it hears of it here.
    func dismissed()

    /// The window's title while it is on top; nil for the session's own.
    var title: String? { get }
    /// What the kiosk's idle logic does with it on top.
    var whenIdle: IdleRole { get }
    /// Whether it hides the screen beneath: false for one that only lays a control over it (the
    /// scrubber's rail), which leaves the wall the screen in view.
    var coversBeneath: Bool { get }
    /// Fields it adds to `get-state`; a screen above replaces a field of the same name.
    var stateFields: [(String, JSONValue)] { get }
    /// The photo the info panel (`i`) is about, and how it is shown when not whole.
    var infoSubject: (entry: PhotoEntry, note: String?)? { get }
    /// The info panel opened over it.
    func infoPanelOpened()
    /// Where the info panel's photo is on screen (logical pixels), for the panel to sit beside
    /// it; nil where the photo fills the screen, and the panel keeps to its corner.
    var infoAnchor: Rect? { get }
}

/// Why the wall's photos changed, for the screens over it.
enum PhotosChange: Sendable {
    /// A watched folder's edit: files arrived, changed or left behind cascade's back.
    case folder
    /// A whole new scan (a reload, the walk after the photo index's wall).
    case rescan
    /// The viewer's own doing: a re-sort, a photo trashed or put back.
    case viewer
}

/// What the idle logic does while a screen is on top of the stack.
enum IdleRole: Sendable {
    /// The wall: it drifts by itself after a quiet spell, and hands over to the slideshow.
    case attract
    /// A photo left open closes, so the next visitor finds the wall.
    case closes
    /// The slideshow is what an idle kiosk is for: nothing happens under it.
    case stays
}

/// A screen's answer to a command.
enum CommandOutcome {
    case done(Result<JSONValue, ControlError>)
    /// Not its own: the screen beneath takes it, this one stays (the wall scrolls behind a photo).
    case beneath
    /// It closes, then the screen beneath takes the command (a tile selected with a photo open).
    case closeThenBeneath

    static let ok = CommandOutcome.done(.success(.null))
}

extension ViewerScreen {
    func accept(frames finished: AnimationDecodes.Finished, now: Double) {}
    func takes(_ press: KeyPress) -> Bool { false }
    func tick(at now: Double) -> Bool { false }
    func nextDeadline(after now: Double) -> Double { .infinity }
    func presented(at now: Double) {}
    func screenPower(on: Bool, at now: Double) {}
    func photosChanged(_ entries: [PhotoEntry], by change: PhotosChange) {}
    func photosRewritten(_ fresh: [PhotoEntry]) {}
    func dismissed() {}
    var title: String? { nil }
    var coversBeneath: Bool { true }
    var stateFields: [(String, JSONValue)] { [] }
    func infoPanelOpened() {}
    var infoAnchor: Rect? { nil }
    func rendererRecreated(size: Size) { resize(size) }

    /// A command this screen's own gestures mean (a tap, a swipe) or its clock's (the
    /// slideshow's timer): performed by the stack, as a key's is. A screen alone performs it itself.
    func issue(_ command: Command, from origin: CommandOrigin = .touch) {
        if let host { _ = host.perform(command, from: origin) } else { _ = perform(command, from: origin) }
    }

    /// This screen's key for a decode of `job`.
    func key(_ job: DecodeKey.Job) -> DecodeKey { DecodeKey(screen: id, job: job) }
}
