// `cascade [PATH…]`: the wall in a window. Checks what it was asked to show before opening
// anything, so a typo gets an answer in the terminal rather than an empty window.

import Foundation
import Control
import Immich
import Logging
import Photos
import Screen
import Waterfall

@MainActor
public enum Viewer {
    /// Runs until the user quits; returns the exit status.
    public static func run(_ options: ViewerOptions, log: Logger = Log.shared) throws -> Int32 {
        Allocator.tuneForLongRuns()
        // A test's faster clock (a soak living a frame's day in an hour): refused when it is no
        // sensible rate, and said when it is one, so no log hides that the frame ran fast.
        let clockRate: Double
        switch SystemClock.rate(from: ProcessInfo.processInfo.environment) {
        case .success(let rate): clockRate = rate
        case .failure(let error): throw CommandError(description: "\(error)")
        }
        if clockRate != 1 { log.warning("the scene's clock runs \(clockRate.formatted())× the real one (CASCADE_CLOCK_RATE): for soak tests only") }
        // An Immich server is shown through its cache folder, a folder like the others; the
        // key file and the folder are checked here, the server is asked once the wall is up.
        var options = options
        try adoptImmichLink(&options)
        var immich: ImmichSource?
        if let settings = options.immich {
            do throws(ImmichError) {
                let source = try ImmichSource(settings: settings, environment: ProcessInfo.processInfo.environment, log: log)
                options.paths.append(source.folder)
                immich = source
            } catch {
                throw CommandError(description: "immich: \(error)")
            }
        }
        // Read before any thread starts: it takes NOTIFY_SOCKET and WATCHDOG_* out of the
        // environment so on-select commands don't inherit them.
        let notifier: SystemdNotifier?
        do {
            notifier = try SystemdNotifier.fromEnvironment()
        } catch {
            log.warning("NOTIFY_SOCKET is set but unusable, systemd will not hear from cascade: \(error)")
            notifier = nil
        }
        // Likewise before any thread starts (the signals', the scan's, SDL's): setenv.
        let composeSkipped = ComposeTable.skipForStart()
        // Then the signals: a stop or a reload arriving while the folders are read or the window
        // opens is taken in turn by the loop rather than ending the process.
        let waker = Waker()
        let signals = ProcessSignals(wake: { waker.wake() })
        // A desktop window remembers where each folder's wall was left; with no folder named
        // (on the command line or in the configuration) it opens the last one browsed again.
        let places = options.remembersPlaces(underSystemd: notifier != nil)
            ? PlacesFile.standardPath(environment: ProcessInfo.processInfo.environment).map { WallPlaces(file: PlacesFile(path: $0), log: log) }
            : nil
        var choice = try choose(options.paths.isEmpty ? places?.lastFolder.map { [$0.string] } ?? [] : options.paths)
        // The console's display device before the scan, the socket or SDL start: a device that
        // cannot be used is the one line cascade prints, not one among the scan's.
        do throws(DisplayDeviceError) {
            if let chosen = try ConsoleDevice.steer(requested: options.drmDevice) { log.info("\(chosen)") }
        } catch {
            throw CommandError(description: error.description)
        }
        // A photo named alone opens at once, before its folder is walked: only its own header is
        // read here. A file that is no photo is shown as before, a wall that says why.
        var alone: PhotoEntry?
        if case let .photo(path, _) = choice {
            alone = PhotoScanner().entry(at: path, relative: path.lastComponent, group: 0)
            if alone == nil { choice = .named([path]) }
        }
        // Several files named (`cascade *.jpg`, a file manager's selection): the first photo opens
        // at once and steps through just those files, as nsxiv, feh and imv do; Esc shows their wall.
        if case .named = choice, let files = choice.namedFiles, files.count > 1, !options.slideshow.atStart {
            let scanner = PhotoScanner()
            alone = files.lazy.compactMap { file in
                let path = file.absolute()
                return scanner.entry(at: path, relative: path.lastComponent, group: 0)
            }.first
        }
        let title = "cascade — " + folderName(choice)
        let width = options.geometry?.width ?? ViewerOptions.defaultSize.width
        let height = options.geometry?.height ?? ViewerOptions.defaultSize.height
        let placement: Window.Placement = options.fullscreen ? .fullscreen : .windowed(width: width, height: height)
        // The scan starts first and runs while SDL and the window start up; the first screen
        // of the wall the photo index hands over has its thumbnails read meanwhile. Not for a
        // full screen, whose size only SDL can tell, nor under a slideshow, which shows no wall.
        let early = options.thumbnailCache && alone == nil && !options.fullscreen && !options.slideshow.atStart
            ? EarlyThumbnails() : nil
        let expected = options.rotation.logicalSize(ofPhysical: Size(width: Double(width), height: Double(height)))
        let style = options.style
        var readEarly: (@Sendable ([PhotoEntry]) -> Void)?
        if let early {
            readEarly = { entries in
                early.read(EarlyFirstScreen.tiles(of: entries, size: expected, style: style), from: ThumbnailCache.standard())
            }
        }
        let scan = LibraryScan(paths: choice.paths, depth: choice.depth, order: options.wallOrder.order, reversed: options.wallOrder.reversed,
                               watch: options.watch, networkPoll: options.networkPoll, index: options.photoIndexFile, log: log,
                               progress: DaemonServices.scanStatus(notifier), indexed: readEarly) { waker.wake() }
        SDLLibraries.openFontLibraryAhead()
        // The socket before the window: another cascade already listening is an error the
        // user sees at once, not after a window flashed up.
        var control: ControlServer?
        if let path = options.control {
            do {
                control = try ControlServer(path: path, group: options.controlGroup, log: log, wake: { waker.wake() })
            } catch {
                throw CommandError(description: "\(error)")
            }
        } else if !options.kiosk {
            control = sessionControl(log: log) { waker.wake() }
        }
        var mqtt: MqttBridge?
        if let settings = options.mqtt {
            for warning in settings.secretFileWarnings() { log.warning("\(warning)") }
            do {
                mqtt = try MqttBridge(settings: settings, folders: options.folders.map(\.string), immich: immich != nil, log: log,
                                      wake: { waker.wake() })
            } catch {
                control?.shutdown()
                throw CommandError(description: "\(error)")
            }
        }
        let window: Window
        do {
            defer { if composeSkipped { ComposeTable.restore() } }
            window = try Window(title: alone.map { "cascade — " + $0.name } ?? title, placement: placement, scale: options.scale)
        } catch let error as ScreenError {
            control?.shutdown()
            throw CommandError(description: error.description)
        }
        turn(window, to: options.rotation, log: log)
        if !options.kiosk { WindowIcon.apply(to: window) }
        let backend = window.renderer.backend, device = window.renderer.openGLDevice.map { " (\($0))" } ?? ""
        let budget = TextureBudget.choose(given: options.textureBudgetBytes, for: window.renderer)
        log.info("video driver \(window.driver), renderer \(backend.name)\(device)\(backend.vsync ? " with vsync" : ""), \(Int(window.size.width))×\(Int(window.size.height)) at scale \(window.renderer.scale) (\(window.scaleChoice.source.rawValue)), texture budget \(budget.bytes >> 20) MiB (\(budget.reason))")
        for ignored in window.scaleChoice.ignored { log.warning("scale: \(ignored); passed over") }
        if window.prefersSoftwareRenderer {
            log.info("no GPU driver (no render node in /dev/dri): drawing with SDL's software renderer, which is faster and smaller here than OpenGL on Mesa's llvmpipe; SDL_RENDER_DRIVER=opengl asks for OpenGL")
        }
        log.debug("window open at \(ViewerSession.msSinceStart) ms")
        if options.kiosk {
            window.showCursor(false)
            window.keepScreenOn()
        }
        let session = ViewerSession(window: window, options: options, title: title, log: log, waker: waker,
                                    signals: signals, notifier: notifier, control: control, early: early,
                                    clock: SystemClock(rate: clockRate))
        // Connected only now, on the client's own thread: the commands it brings need the loop.
        session.daemon.mqtt = mqtt
        mqtt?.start()
        session.daemon.immich = immich
        immich?.start()
        session.places = places
        // A photo named alone is what was asked for: its folder's place is not put back over it.
        places?.shows(WallPlaces.key(choice), restoring: alone == nil)
        session.start(scanning: choice.paths, depth: choice.depth, scan: scan)
        if let alone { session.wall.openAlone(alone) }
        session.loop()
        session.leavePlace()
        if options.printMarked { session.printMarked() }
        immich?.stopNow()
        return 0
    }

    /// `cascade immich://HOST/album/ID`: the link is the server and selection to show, with the key
    /// from `--immich-key-file` or `[sources.immich]`, whose poll, cache size and CA it keeps.
    static func adoptImmichLink(_ options: inout ViewerOptions) throws {
        let links = options.paths.filter(ImmichLink.isLink)
        guard let link = links.first else { return }
        guard links.count == 1 else { throw CommandError(description: "immich: one immich:// link at a time (given \(links.count))") }
        do throws(ImmichError) {
            let (url, selection) = try ImmichLink.parse(link)
            guard let keyFile = options.immichKeyFile ?? options.immich?.keyFile else {
                throw ImmichError("\(link) needs the API key's file: --immich-key-file FILE, or key-file in [sources.immich] (docs/immich.md)")
            }
            var settings = options.immich ?? ImmichSettings(url: url, keyFile: keyFile)
            settings.url = url
            settings.keyFile = keyFile
            settings.selection = selection
            options.immich = settings
        } catch {
            throw CommandError(description: "immich: \(error)")
        }
        options.paths.removeAll(where: ImmichLink.isLink)
    }

    /// A desktop cascade without `--control` listens in the session's runtime folder, where
    /// `cascade ctl` looks first, so scripts and key bindings reach it with no options. Only
    /// one cascade of the session can: the others go without, saying so once, and a runtime
    /// folder that cannot be used stops nothing.
    static func sessionControl(log: Logger, wake: @escaping @Sendable () -> Void) -> ControlServer? {
        guard let path = ControlCommandLine.sessionSocketPath(environment: ProcessInfo.processInfo.environment) else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        // Private like the runtime folder around it (mkdir is refused harmlessly when it exists).
        _ = mkdir(folder, 0o700)
        do {
            let control = try ControlServer(path: path, group: nil, log: log, wake: wake)
            log.info("control socket \(path)")
            return control
        } catch {
            log.info("no control socket for this window: \(error)")
            return nil
        }
    }

    static func choose(_ paths: [String]) throws -> PhotoSources.Choice {
        // Looked at off this thread: a share that does not answer (its server away, a mount
        // that hangs) is the scan's to keep from the photo index, not a reason to refuse.
        let named = paths.map(PhotoPath.init(argument:))
        var away: Set<PhotoPath> = []
        for (path, reach) in zip(named, ReachProbe.look(at: named, shares: .read(), within: .seconds(5))) {
            switch reach {
            case .missing: throw CommandError(description: "no such file or folder: \(path.string)")
            case .away: away.insert(path)
            case .answers: continue
            }
        }
        let choice: PhotoSources.Choice
        do {
            choice = try PhotoSources.choose(arguments: paths, away: away)
        } catch {
            throw CommandError(description: "\(error)")
        }
        try refuseWhenNoPhoto(choice)
        return choice
    }

    /// Files named, and none of them a photo (`cascade notes.txt`): said in one line and a failed
    /// start, as nsxiv and feh answer, not an empty window. Only the named files are probed (their
    /// headers, a few bytes each); a folder named, or one photo among the files, opens as usual.
    static func refuseWhenNoPhoto(_ choice: PhotoSources.Choice) throws {
        guard let files = choice.namedFiles else { return }
        // One at a time, stopping at the first photo: the wall's own scan reads them all again,
        // so `cascade *.jpg` pays for one header here, not for every file twice.
        let scanner = PhotoScanner()
        var issues: [ScanIssue] = []
        for file in files {
            guard let scan = try? scanner.scan([file]) else { return }
            if !scan.entries.isEmpty { return }
            issues += scan.issues
        }
        guard !issues.isEmpty else { return }
        throw CommandError(description: issues.map(\.description).joined(separator: "\n"))
    }

    /// What the title bar calls the wall: the folder's name, as file managers do.
    static func folderName(_ choice: PhotoSources.Choice) -> String {
        let paths = choice.paths
        guard let first = paths.first else { return "photos" }
        let trimmed = first.string.hasSuffix("/") && first.string.count > 1 ? PhotoPath(String(first.string.dropLast())) : first
        var name = trimmed.lastComponent.string
        if name.isEmpty || name == "." { name = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).lastPathComponent }
        return paths.count > 1 ? "\(name) +\(paths.count - 1)" : name
    }
}
