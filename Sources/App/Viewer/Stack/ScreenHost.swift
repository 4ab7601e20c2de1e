// What the stack offers the screens on it: commands performed in the one place, events for other
// programs, the clock, and screens pushed and closed. Screens talk to the session only through
// this, so a new screen needs nothing from the loop it does not already give every screen.

import Control
import Logging
import Photos
import Screen
import Waterfall

@MainActor
protocol ScreenHost: AnyObject {
    var clock: any SceneClock { get }
    /// The parts every screen draws and decodes with.
    var parts: ScreenParts { get }
    /// The configuration as it stands (it may change on SIGHUP).
    var options: ViewerOptions { get }
    /// The folders the wall shows, as the scan was given them.
    var roots: [PhotoPath] { get }
    /// Where the pointer is in the window, if over it (zoom about the pointer).
    var pointer: Point? { get }
    /// Whether Shift is held now (Shift+click marks a range).
    var shiftHeld: Bool { get }
    /// False while the window is hidden or minimised: nothing animates for nobody.
    var windowVisible: Bool { get }
    var windowSize: Size { get }

    @discardableResult
    func perform(_ command: Command, from origin: CommandOrigin) -> Result<JSONValue, ControlError>
    /// An event for `--events stdout` and the control socket's subscribers.
    func emit(_ event: ViewerEvent)
    /// The on-select command, if any, for photo `index` of the wall.
    func runOnSelect(_ path: PhotoPath, index: Int)
    /// Puts `screen` on top.
    func push(_ screen: any ViewerScreen)
    /// Takes `screen` (and any above it) off the stack and closes it.
    func dismiss(_ screen: any ViewerScreen)
    /// The title of the screen on top changed.
    func titleChanged()
    /// Starts fetching the original of `path` when its file stands in for one kept elsewhere (a
    /// photo from Immich); false when it has none. What comes is in `fetchedOriginals()`.
    func fetchOriginal(of path: PhotoPath) -> Bool
    /// The originals fetched since the last look: each a local file, or why not.
    func fetchedOriginals() -> [(path: PhotoPath, result: Result<PhotoPath, TileFailure>)]
}

/// Where a command came from; only what the person at the screen may do differs by it, and
/// only commands from a person or a program count as someone using the screen.
enum CommandOrigin: Sendable {
    /// `control`: the control socket; `mqtt`: the home's MQTT bus (DoorPolicy says what each may ask).
    case key, touch, control, mqtt
    /// The clock: the slideshow's timer, the kiosk's idle drift and time-outs.
    case timer
}

/// The parts every screen draws and decodes with, made once by the session.
@MainActor
struct ScreenParts {
    let drawer: TileDrawer
    let decodes: ViewerDecodes
    /// Frames of animated photos, on one thread of their own: an animation never takes more
    /// than a core from the wall and the photos around it.
    let animations: AnimationDecodes
    let source: TileSource
    let log: Logger
}
