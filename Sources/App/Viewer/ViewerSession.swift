// The frame loop. It sleeps in SDL_WaitEvent while nothing moves — near 0 % CPU — and draws
// one frame per refresh while the wall scrolls, photos fade in or decodes arrive. Input,
// decoded pixels and the folder scan all arrive as events on this one thread, which owns SDL;
// decoding and scanning run on workers and never make a frame wait.

import Control
import Foundation
import Logging
import Photos
import Screen
import Waterfall

@MainActor
final class ViewerSession {
    let window: Window
    var options: ViewerOptions
    let log: Logger
    let title: String
    private let events: EventSource
    let waker: Waker
    let decodes: WallScreen.Decodes
    let output: EventOutput
    let drawer: TileDrawer
    let wall: WallScreen
    var detail: DetailScreen?
    /// The photo named alone on the command line, open before its folder's wall is known
    /// (`ViewerSession+Alone`); nil once it has its place there.
    var alonePhoto: PhotoEntry?
    /// The wall changed under the open photo while its decode was on its way: it takes its
    /// place in the new list once the decode is in (`rehomeDetail`).
    var detailRehomePending = false
    var scan: LibraryScan?
    var scanPaths: [PhotoPath] = []
    var scanning: Bool { scan != nil }
    private var scannedAnnounced = false
    /// A frame with tiles is on screen (from the photo index or the scan).
    private var tilesShown = false
    private var pendingScanAnnouncement: Int?
    var running = true
    var dirty = true
    private var resultsWaiting = false
    var showStats: Bool
    private(set) var stats = FrameStats()
    private var heapTrim = HeapTrim(now: ProcessClock.now())
    var statsLines: [String] = []
    /// The help or info panel on screen (ViewerSession+Overlays), and what was last drawn of it.
    var overlay: ViewerOverlay?
    var overlayDrawn: (lines: [String], rect: PixelRect)?
    let infoPanel: InfoPanel
    /// The standard keys and the configuration's `[keys]`.
    var keys: KeyBindings
    var statsUpdated = -Double.infinity
    private(set) var firstFullScreen: Double?
    private let refreshInterval: Double
    /// Spaces frames a refresh apart, and holds moving ones to it where presenting does not.
    private var pacer: FramePacer
    var idle: IdleBehaviour
    /// The screen's power: schedule, idle timeout, `screen on|off|auto` (ViewerSession+Screen).
    let screen: ScreenController
    let daemon: DaemonServices

    init(window: Window, options: ViewerOptions, title: String, log: Logger, waker: Waker = Waker(),
         signals: ProcessSignals? = nil, notifier: SystemdNotifier? = nil, control: ControlServer? = nil) {
        self.window = window
        self.waker = waker
        self.options = options
        self.title = title
        self.log = log
        events = EventSource(window: window)
        decodes = ViewerDecodes(niceness: BackgroundPriority.viewerDecoders) { waker.wake() }
        output = EventOutput(options.events, log: log)
        let font = FontLocator.locate()
        drawer = TileDrawer(renderer: window.renderer, fontPath: font)
        wall = WallScreen(drawer: drawer, viewportSize: window.size, style: options.style,
                          source: TileSource(thumbnailCache: options.thumbnailCache, maxPixels: options.maxPixels, decoders: options.decoders),
                          decodes: decodes,
                          textureBudgetBytes: options.textureBudgetBytes ?? TextureBudget.standard(for: window.renderer), log: log)
        if window.renderer.drawsOnCPU {
            log.info("drawing runs on the CPU: tile textures are cascade's own memory (budget \(wall.pool.budgetBytes >> 20) MiB)")
        }
        showStats = options.stats
        infoPanel = InfoPanel { waker.wake() }
        keys = KeyBindings(configured: options.keyBindings)
        idle = IdleBehaviour(attractAfter: options.attractAfter, speed: options.attractSpeed,
                             detailTimeout: options.detailTimeout, now: ProcessClock.now())
        screen = ScreenController(schedule: options.screenSchedule, offAfter: options.screenOffAfter, now: ProcessClock.now())
        refreshInterval = 1 / max(24, min(window.refreshRate, 360))
        pacer = FramePacer(refreshInterval: refreshInterval, holdsPresents: !window.renderer.backend.vsync)
        daemon = DaemonServices(signals: signals, notifier: notifier, control: control)
        do {
            daemon.onSelect = try OnSelect.runner(for: options, log: log)
        } catch {
            log.error("on-select is off: \(error)")
        }
        wall.onSelect = { [unowned self] index in select(index) }
        wall.onLoadError = { [unowned self] index, path, reason, partial in
            emit(.loadError(index: index, path: path, error: reason, partial: partial))
        }
    }

    /// `scan`: one already running (started before the window, so the two overlap).
    func start(scanning paths: [PhotoPath], scan: LibraryScan? = nil) {
        scanPaths = paths
        self.scan = scan
        if scan == nil { rescan() }
    }

    func rescan() {
        let waker = self.waker
        scan = LibraryScan(paths: scanPaths, order: options.wallOrder.order, reversed: options.wallOrder.reversed,
                           watch: options.watch, index: options.photoIndexFile, showIndexed: wall.entries.isEmpty, log: log,
                           progress: DaemonServices.scanStatus(daemon.notifier)) { waker.wake() }
    }

    // MARK: The loop

    func loop() {
        if pacer.holdsPresents { log.debug("presenting does not wait for the refresh: moving frames are held a refresh apart") }
        while running {
            // A scan that finished before SDL could take its wake-up event is collected here.
            while let outcome = scan?.take() { finishScan(outcome); dirty = true }
            // Work from other threads is looked for on every pass, not only after a wake-up
            // event: one sent before SDL was up is lost, and timers wake the loop without one.
            takeDaemonWork()
            guard running else { break }
            tick(at: ProcessClock.now())
            // With the screen off nothing is drawn: the loop only waits for events and timers.
            if !screen.isOn || !(dirty || needsFrame) {
                // Asleep until an event, or until the next timer (watchdog, kiosk idle work).
                stats.noteRest()
                if heapTrim.dueAtRest(now: ProcessClock.now()) { Allocator.returnFreePages() }
                let wait = nextDeadline - ProcessClock.now()
                if let event = events.next(waitingUpTo: wait.isFinite ? max(0, wait) : nil) {
                    handle(event)
                } else {
                    continue
                }
                guard screen.isOn else { continue }
            }
            // One frame per refresh (FramePacer): without vsync this keeps a stream of events
            // from spinning a core; with vsync the present already waited.
            let deadline = pacer.startTime(moving: needsFrame)
            while running, ProcessClock.now() < deadline,
                  let event = events.next(waitingUpTo: deadline - ProcessClock.now()) {
                handle(event)
            }
            while running, let event = events.poll() { handle(event) }
            guard running else { break }
            frame(at: ProcessClock.now())
        }
        daemon.shutdown()
        // Photos in flight are not waited for (nor blamed): they are decoded at the next start.
        wall.source.loader.decoder.stopDecoding()
        decodes.shutdown()
        detail?.close()
        output.flush()
        if options.stats { reportStats() }
    }

    /// Internal (not private) so tests can drive the loop a frame at a time.
    var needsFrame: Bool {
        if resultsWaiting { return true }
        // The wall is neither advanced nor drawn while a photo is open: a glide or fade it had
        // when the photo opened must not keep frames coming for nothing.
        if let detail { return detail.needsFrame }
        return wall.needsFrame || idle.isDrifting
    }

    /// Work that is due by the clock rather than by an event: the kiosk's idle behaviour
    /// (and the daemon's timers, see `tickDaemon`).
    func tick(at now: Double) {
        tickDaemon(at: now)
        tickScreen(at: now)
        // Nobody sees a dark wall drift or a photo close.
        guard screen.isOn else { return }
        let scroll = wall.view.scroll
        switch idle.step(now: now, detailOpen: detail != nil, offset: scroll.offset, maxOffset: scroll.maxOffset,
                         gliding: scroll.isAnimating) {
        case .none: break
        case .closeDetail:
            log.info("photo closed after \(Int(options.detailTimeout)) s without input")
            closeDetail()
        case .drift(let y): wall.view.scrollTo(offset: y)
        case .glideToTop: wall.view.scrollTo(offset: 0, animated: true)
        }
    }

    /// When the loop must wake up even if no event comes.
    private var nextDeadline: Double {
        guard screen.isOn else { return min(screen.deadline, daemonDeadline) }
        return min(idle.nextDeadline(detailOpen: detail != nil), daemonDeadline, wall.nextArrivalFade(after: ProcessClock.now()),
                   screen.deadline)
    }

    /// `now` is the scene's time, what animations and fades advance by; tests drive frames
    /// at a made-up one. What the frame itself costs is timed on the loop's clock from its
    /// own reading: work measured from `now` was off by the gap between the two clocks (a
    /// frame "took" −634,823 ms on a machine up for six minutes, driven at second 1,000).
    func frame(at now: Double) {
        let started = ProcessClock.now()
        pacer.starting(at: started)
        dirty = false
        heapTrim.noteWork()
        let moving = needsFrame
        // Results are taken two at a time until the frame's upload budget is spent — a count,
        // bytes, and 40 % of a refresh interval, since without a GPU each upload is a copy (and
        // a new texture an allocation) on the frame's own time. The clock is read after every
        // two, so the budget is overrun by at most two uploads (with eight, a landing glide's
        // frame ran 3 ms past it). A full batch means more may be waiting, and no further wake
        // will say so.
        var bytes = 0, taken = 0
        let uploadDeadline = started + refreshInterval * 0.4
        repeat {
            let want = min(2, wall.uploadsPerFrame - taken)
            let batch = decodes.drain(max: want)
            for finished in batch {
                if case .success(let image) = finished.result { bytes += image.pixels.count }
                switch finished.key {
                case .detail: detail?.accept(finished, now: now)
                case .tile: wall.accept(finished, now: now)
                }
            }
            taken += batch.count
            resultsWaiting = batch.count == want
        } while resultsWaiting && taken < wall.uploadsPerFrame && bytes < wall.uploadBytesPerFrame
            && ProcessClock.now() < uploadDeadline
        if detailRehomePending, taken > 0 { rehomeDetail() }
        let uploaded = ProcessClock.now()
        if let detail {
            detail.draw(now: now)
        } else {
            wall.layout(now: now)
            wall.draw(now: now)
            drawStatusPanel()
        }
        if showStats { drawStats(now: now) }
        drawOverlay()
        let drawn = ProcessClock.now()
        let work = drawn - started
        var presenting = drawn
        if let time = pacer.presentTime(moving: moving), time > drawn {
            Thread.sleep(forTimeInterval: time - drawn)
            presenting = ProcessClock.now()
        }
        pacer.presenting(at: presenting, moving: moving)
        window.renderer.present()
        let presented = ProcessClock.now()
        if let gap = stats.record(workSeconds: work, presentSeconds: presented - presenting, presentedAt: presented,
                                  moving: moving, refreshInterval: refreshInterval) {
            // What a late frame did, for whoever profiles stutter with CASCADE_LOG=debug.
            log.debug("late frame: \(Int(gap * 1000)) ms since the last, work \(Int(work * 1000)) ms (uploads \(Int((uploaded - started) * 1000)) ms), present \(Int((presented - presenting) * 1000)) ms, \(taken) results taken, \(decodes.pendingCount) decodes queued")
        }
        afterPresent()
    }

    /// Things that happen once a frame is on screen: the scan is announced when its tiles are
    /// visible, and the first full screen is timed when every visible tile shows its photo.
    private func afterPresent() {
        notifyAfterPresent()
        detail?.presented(at: ProcessClock.now())
        if !tilesShown, !wall.entries.isEmpty, detail == nil {
            tilesShown = true
            log.info("first frame with tiles at \(Self.msSinceStart) ms")
        }
        if let count = pendingScanAnnouncement, detail == nil {
            pendingScanAnnouncement = nil
            scannedAnnounced = true
            emit(.scanned(count: count))
        }
        // From the index's wall too: its tiles are the photos the scan will confirm.
        if firstFullScreen == nil, tilesShown || scannedAnnounced, detail == nil, wall.isScreenSettled {
            firstFullScreen = ProcessClock.sinceStart()
            if let ms = firstFullScreen.map({ Int(($0 * 1000).rounded()) }) {
                log.info("first full screen \(ms) ms after start (\(wall.view.drawList.count) tiles)")
            }
        }
    }

    private func drawStatusPanel() {
        if scanning && wall.entries.isEmpty {
            drawer.drawPanel([ScanProgressText.line(scan?.progress)], placement: .centre)
        } else if scanning, let progress = scan?.progress {
            // The index's wall is up while the walk checks it.
            drawer.drawPanel([ScanProgressText.line(progress)], placement: .bottomCentre)
        } else if !scanning && wall.entries.isEmpty {
            drawer.drawPanel(["No photos in \(scanPaths.map(\.string).joined(separator: ", "))",
                              "Name a folder: cascade ~/Photos"], placement: .centre)
        }
    }

    // MARK: Events

    func handle(_ event: ScreenEvent) {
        dirty = true
        switch event {
        case .input, .key:
            idle.noteInput(now: ProcessClock.now())
            // Input that wakes the screen does only that (ScreenController).
            guard screen.admits(event, now: ProcessClock.now()) else { tickScreen(at: ProcessClock.now()); return }
        default: break
        }
        switch event {
        case .quit:
            running = false
        case .wake:
            waker.acknowledge()
            while let outcome = scan?.take() { finishScan(outcome) }
            // At once, not after the next paced frame: a control request is answered in well
            // under a millisecond rather than up to a refresh later.
            takeDaemonWork()
        case .resized:
            let size = window.size
            wall.view.setViewportSize(size)
            detail?.resize(size)
        case .exposed:
            redrawDarkScreen()
        case .input(let input):
            if let detail {
                detail.handle(input, pointer: window.pointerLocation())
            } else {
                wall.view.handle(input)
            }
        case .key(let press):
            if overlayTakes(press) { break }
            if let command = keys.command(for: press, in: mode), !press.isRepeat || command.repeats {
                perform(command, from: .key)
            }
        }
    }

    func finishScan(_ outcome: LibraryScan.Outcome) {
        let keptScan = scan
        scan = nil
        defer {
            if scan == nil, daemon.rescanPending {
                daemon.rescanPending = false
                rescan()
            }
        }
        switch outcome {
        case .indexed(let entries):
            // Not the end of the scan: `scan` stays, and the walk's differences follow.
            scan = keptScan
            if detail == nil || alonePhoto != nil {
                wall.show(entries)
                placeAlonePhoto(final: false)
            }
            return
        case let .scanned(entries, issues, live, edit):
            heapTrim.noteRelease()
            for issue in issues { log.warning("skipped \(issue)") }
            // The new scan's watcher replaces the old one; edits for the old entries are moot.
            daemon.live?.stop()
            daemon.live = live
            live?.begin(with: entries)
            // A photo open across a reload stays open if it is still there (found by path: its
            // index may have moved), and closes if it is gone.
            let open = detail.map { (path: $0.entry.path, index: $0.index) }
            if let edit, edit.entries.count - edit.inserted.count + edit.removed.count == wall.entries.count {
                // The index's wall is up: only the walk's differences move tiles, anchored.
                wall.apply(edit, highlightingFor: 0, now: ProcessClock.now(), stayAtTop: false)
            } else {
                wall.show(entries)
            }
            if alonePhoto != nil {
                placeAlonePhoto(final: true)
            } else if let open {
                if let index = entries.firstIndex(where: { $0.path == open.path }) {
                    rehomeDetail(at: index)
                } else {
                    detail?.close()
                    detail = nil
                    window.setTitle(title)
                    emit(.closed(index: open.index))
                }
            }
            log.debug("scanned \(entries.count) photos at \(Self.msSinceStart) ms")
            pendingScanAnnouncement = entries.count
        case .failed(let reason):
            log.error("cannot scan: \(reason)")
            placeAlonePhoto(final: true)
            pendingScanAnnouncement = wall.entries.count
        }
    }

    // MARK: Stats

    static var msSinceStart: Int { Int(((ProcessClock.sinceStart() ?? 0) * 1000).rounded()) }
}
