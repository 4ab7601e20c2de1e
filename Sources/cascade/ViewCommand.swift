import App
import Foundation
import ArgumentParser

/// `cascade [PATH…]` — the default command: the wall in a window.
struct View: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show the photos as a scrolling wall in a window (the default command).",
        discussion: """
            Wall: wheel or drag to scroll, click or tap a photo to open it, Ctrl+wheel, +/- or pinch \
            for more or fewer columns, arrows/hjkl move the cursor, Return opens, PgUp/PgDn, Home/End \
            (g/G), f full screen, r reload, s stats, S slideshow, i or a right-click the photo's info, \
            ? every key, q quit.
            Photo: arrows, Space/Shift+Space or swipe for next/previous, wheel, +/- or pinch to zoom, \
            0 to fit, drag to pan, Esc, Backspace, the mouse's back button or a tap beside the photo \
            to go back.
            """)

    @Argument(help: "Photos and folders (default: the folder shown last, else your Pictures folder, else the sample photos).")
    var paths: [String] = []

    @Flag(help: "Ask for the folder to show in the desktop's folder dialog (zenity or kdialog) first: the desktop entry's Open Folder action.")
    var chooseFolder = false

    /// The configuration file's keys, read from these declarations.
    static let configKeys: [ConfigKey] = {
        do { return try ConfigKey.keys(fromParserDump: View._dumpHelp()) } catch {
            // ArgumentParser's own description of this type: only a change of its format gets here.
            fatalError("cannot read the view command's options from ArgumentParser: \(error)")
        }
    }()

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size as the window system counts it (X11: pixels, Wayland: points), each side \(Limits.windowSide.helpRange).", valueName: "WxH")
                .restartOnly("the window keeps its size"),
            transform: { try Geometry(word: $0) })
    var geometry: Geometry?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Start full screen.").restartOnly())
    var fullscreen = false

    @Option(parsing: .unconditional,
            help: Limits.scale.help("How large text, panels, the cursor and the gaps are drawn, in screen pixels per logical pixel",
                                    default: "GDK_SCALE, QT_SCALE_FACTOR, Xft.dpi / 96 or the Wayland output's scale; 1 on the console")
                .restartOnly("the window keeps its scale"),
            transform: Limits.scale.read)
    var scale: Double?

    @Option(help: ArgumentHelp("Turn the picture clockwise by 0, 90, 180 or 270 degrees, touch and mouse with it, for a screen mounted on its side (docs/kiosk.md#a-screen-on-its-side).",
                               valueName: "DEGREES"),
            transform: { word in
                do throws(ScreenRotation.InvalidWord) { return try ScreenRotation(word: word) } catch { throw ValidationError(error.description) }
            })
    var rotate: ScreenRotation = .upright

    @OptionGroup(title: "Wall") var wall: WallOptions<KeepsRunning>

    @Option(help: ArgumentHelp("Where selection events go: stdout (one JSON line each) or none.").restartOnly())
    var events: EventsChoice = .none

    @Flag(inversion: .prefixedNo, help: "Draw frame times, decode queue and texture pool figures over the wall; print a summary on exit.")
    var stats = false

    @Flag(help: "On quit, write the marked photos' paths to standard output, one a line, as nsxiv's -o does: for a script that lets a person pick photos.")
    var printMarked = false

    @Flag(inversion: .prefixedNo, help: "Always show a strip of the neighbours' thumbnails under the open photo (else t or the mouse at the bottom edge shows it).")
    var filmstrip = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Remember where each folder's wall was left (cursor, scroll, columns) and open the last folder when none is named; never in a kiosk, a photo frame or a systemd service.")
            .restartOnly())
    var remember = true

    @Option(parsing: .unconditional, help: Limits.textureBudget.help("Memory for tile textures",
                                            default: "by the GPU's largest texture: 64 up to 2048 px, 96 up to 4096, else 256; 64 for OpenGL drawn on the CPU, 48 for SDL's software renderer",
                                            valueName: "MiB").restartOnly(),
            transform: Limits.textureBudget.read)
    var textureBudget: Int?

    @Option(parsing: .unconditional, help: Limits.offlineCache.help("Disk for screen-sized copies of the photos shown from network folders (NFS, SMB, FUSE), shown when the folder is away; 0 keeps none",
                                            default: "1024", valueName: "MiB").restartOnly(),
            transform: Limits.offlineCache.read)
    var offlineCache: Int = 1024

    @Option(parsing: .unconditional, help: Limits.networkPoll.help("How often folders on NFS, SMB or a FUSE mount are checked for new and removed photos (inotify does not see other machines' changes)",
                                            default: "20", valueName: "seconds").restartOnly(),
            transform: Limits.networkPoll.read)
    var networkPoll: Double = 20

    // In --help the groups come in this order, before the window's options: the wall, the
    // photo frame, then what a kiosk and other programs need.
    @OptionGroup(title: "Photo frame") var slideshow: SlideshowOptions

    @OptionGroup(title: "Daemon and kiosk") var daemon: DaemonOptions

    @Option(help: ArgumentHelp("The file holding the Immich API key (its first line) for an immich:// path; default: the key-file of [sources.immich] (docs/immich.md).",
                               valueName: "FILE").restartOnly())
    var immichKeyFile: String?

    @Option(help: ArgumentHelp("Read settings from this file only, instead of /etc/cascade/cascade.toml and then $XDG_CONFIG_HOME/cascade/config.toml. Options given here win over any file.",
                               valueName: "FILE"))
    var config: String?

    /// Without the configuration files: `Cascade.main` runs `run(reread:)` after reading them.
    func run() throws { try run(reread: nil) }

    func run(reread: (@Sendable () throws -> ViewerOptions)?, configuration: Configuration = Configuration()) throws {
        Log.bootstrap(quietAtTerminal: true)
        var options = viewerOptions()
        options.reread = reread
        options.adopt(configuration)
        if chooseFolder {
            let pictures = PhotoSources.picturesFolder(environment: ProcessInfo.processInfo.environment)
            guard case .chosen(let folder) = try FolderChooser.choose(startingIn: paths.first ?? pictures?.string) else { return }
            // The folder chosen is the command line's folder: a reload keeps it.
            options.paths = [folder]
            if let reread {
                options.reread = { @Sendable in
                    var again = try reread()
                    again.paths = [folder]
                    return again
                }
            }
        }
        // A synchronous command runs on the process's main thread, which owns SDL.
        let status = try MainActor.assumeIsolated { try Viewer.run(options) }
        if status != 0 { throw ExitCode(status) }
    }

    func viewerOptions() -> ViewerOptions {
        var options = ViewerOptions(paths: paths)
        options.geometry = geometry.map { ($0.width, $0.height) }
        options.fullscreen = fullscreen
        options.rotation = rotate
        options.scale = scale
        options.style = wall.style
        options.order = wall.order
        options.reversed = wall.reversed
        options.maxPixels = wall.maxPixels
        options.thumbnailCache = !wall.noThumbnailCache
        options.decoders = .standard(niceness: BackgroundPriority.viewerDecoders)
        options.events = events == .stdout ? .stdout : .none
        options.stats = stats
        options.filmstrip = filmstrip
        options.printMarked = printMarked
        options.remember = remember
        options.textureBudgetBytes = textureBudget.map { $0 << 20 }
        options.offlineCacheBytes = offlineCache << 20
        options.networkPoll = networkPoll
        options.immichKeyFile = immichKeyFile
        daemon.apply(to: &options)
        slideshow.apply(to: &options)
        return options
    }
}

struct Geometry {
    let width: Int
    let height: Int
    init(word: String) throws {
        let parts = word.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError("must be WxH, each side \(Limits.windowSide.expectation)") }
        do throws(LimitError) {
            width = try Limits.windowSide.parse(String(parts[0]))
            height = try Limits.windowSide.parse(String(parts[1]))
        } catch {
            throw ValidationError("each side must be \(error.expectation)")
        }
    }
}

enum EventsChoice: String, ExpressibleByArgument, CaseIterable {
    case stdout, none
}
