// Everything `cascade [PATH…]` is asked to do, as the executable parsed it.

import Control
import Foundation
import Immich
import Photos
import Waterfall
import Kiosk

public struct ViewerOptions: Sendable {
    public enum Events: String, Sendable { case stdout, none }

    public var paths: [String] = []
    /// Logical size of the window; nil = 1280×800.
    public var geometry: (width: Int, height: Int)?
    public var fullscreen = false
    /// How the picture is turned on a screen mounted on its side (`--rotate`).
    public var rotation = ScreenRotation.upright
    /// Physical pixels per logical pixel (`--scale`); nil: what the desktop says (`ScaleChoice`).
    public var scale: Double?
    public var style = WallStyle()
    public var events = Events.none
    /// At quit, the marked photos' paths on stdout, one a line (`--print-marked`).
    public var printMarked = false
    public var stats = false
    /// The open photo's filmstrip always shown, the photo above it (else on its key or a hover).
    public var filmstrip = false
    public var order: Photos.SortOrder = .name
    public var reversed = false
    /// nil: `TextureBudget.choose` for the renderer the window got.
    public var textureBudgetBytes: Int?
    /// Seconds between listings of watched folders on a network file system (NFS, SMB, FUSE).
    public var networkPoll: Double = 20
    /// Disk for offline copies of photos from network folders (`OfflineCopies`); 0: none.
    public var offlineCacheBytes = 1 << 30
    public var maxPixels = PhotoDecoder.defaultMaxPixels
    public var thumbnailCache = true
    /// Keep the library's headers in `$XDG_CACHE_HOME/cascade/library.sqlite3` and show the
    /// last wall at once on the next start (`PhotoIndex`).
    public var photoIndex = true
    /// Remember where each folder's wall was left, and open the last folder when none is named
    /// (`WallPlaces`).
    public var remember = true
    /// Where the C decoders run; the executable asks for worker processes.
    public var decoders = DecoderIsolation.inProcess

    // The daemon (docs/kiosk.md).
    /// Where the JSON control socket listens; nil = no socket.
    public var control: String?
    /// Group that may use the control socket (mode 0660 instead of 0600).
    public var controlGroup: String?
    /// The console's display device (`card1`, `/dev/dri/by-path/…`); nil = the first with a
    /// connected output (`DisplayDeviceChoice`).
    public var drmDevice: String?
    /// Command run when a photo is selected, split by shell-word rules, never run by a shell.
    public var onSelect: String?
    public var onSelectLimit = 4
    /// Follow the folders with inotify and show new photos as they arrive.
    public var watch = true

    // Kiosk mode.
    public var kiosk = false
    /// Seconds without input before the wall scrolls by itself; 0 = never.
    public var attractAfter: Double = 0
    /// Speed of that scroll, in logical pixels per second.
    public var attractSpeed: Double = 40
    /// Seconds without input before an open photo returns to the wall; 0 = never.
    public var detailTimeout: Double = 0
    /// Whether q and Ctrl+Q quit (always in a window; in a kiosk only when asked).
    public var quitKeys = true
    /// Newest first, new arrivals at the top and briefly highlighted (event walls).
    public var newestFirst = false
    /// How long a new arrival stays highlighted, in seconds.
    public var highlightNew: Double = 8
    /// When the screen is lit (local time); nil = always, as far as the idle timeout allows.
    public var screenSchedule: ScreenSchedule?
    /// Seconds without input before the screen goes off; nil = never.
    public var screenOffAfter: Double?
    /// The TV follows the screen over HDMI-CEC (`--cec`, docs/kiosk.md).
    public var cec = false
    /// The /dev/cec* adapter for that; nil = the first that is a source (`CecAdapterChoice`).
    public var cecDevice: String?

    /// The photo-frame mode.
    public var slideshow = SlideshowSettings()

    /// Folders the move and copy chooser offers first (`destinations`).
    public var destinations: [PhotoPath] = []
    /// Commands `run` starts on photos (`[[commands]]`).
    public var commands: [ActionCommand] = []

    /// The MQTT broker (`--mqtt`, `[mqtt]`); nil: none.
    public var mqtt: MqttSettings?
    /// Whether `move` and `copy` are taken from the bus (`[mqtt]`'s `allow-file-commands`); off,
    /// since whoever can publish there could otherwise carry the photos off (DoorPolicy).
    public var mqttAllowsFileCommands = false

    /// The Immich server to show photos of (`[sources.immich]`, an `immich://` link); nil: none.
    public var immich: ImmichSettings?
    /// `--immich-key-file`: the key for an `immich://` path.
    public var immichKeyFile: String?

    /// Keys the configuration file binds (`[keys]`), ahead of the standard ones.
    public var keyBindings: [ConfigKeyBinding] = []

    /// A reload's lines about settings the files changed that take effect only on restart.
    public var restartOnlyNotes: [String] = []

    /// Reads the configuration again (files and command line) for SIGHUP; its error names the
    /// file, line and key. nil: nothing to reread.
    public var reread: (@Sendable () throws -> ViewerOptions)?

    public init(paths: [String] = []) { self.paths = paths }

    /// The order the wall shows: newest first for an event wall, else the chosen sort.
    public var wallOrder: (order: Photos.SortOrder, reversed: Bool) {
        newestFirst ? (.mtime, true) : (order, reversed)
    }

    /// Where the photo index lives; nil when it is off or there is no cache folder.
    var photoIndexFile: PhotoPath? {
        photoIndex ? PhotoIndex.standardFile(environment: ProcessInfo.processInfo.environment) : nil
    }

    /// What the configuration files say that no command-line option does: `[keys]`, the
    /// destinations and the commands.
    public mutating func adopt(_ configuration: Configuration) {
        keyBindings = configuration.keyBindings
        destinations = (configuration.actions.destinations ?? []).map { PhotoPath($0) }
        commands = configuration.actions.commands ?? []
        if let table = configuration.mqtt {
            mqtt = table.settings(over: mqtt)
            mqttAllowsFileCommands = table.allowFileCommands ?? false
        }
        if immich == nil, let table = configuration.immich { immich = table.settings }
    }

    /// Where the recent destinations of move and copy are remembered.
    var destinationsFile: PhotoPath? {
        RecentDestinations.standardFile(environment: ProcessInfo.processInfo.environment)
    }

    /// Whether this viewer reads and writes the walls' places: a desktop window's memory. A
    /// kiosk, a photo frame or a service (started by systemd) shows what it is configured to
    /// show, the same after every restart.
    func remembersPlaces(underSystemd: Bool) -> Bool {
        remember && !kiosk && !slideshow.atStart && !underSystemd
    }

    public static let defaultSize = (width: 1280, height: 800)
}
