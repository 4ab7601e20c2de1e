// The frame loop. It sleeps in SDL_WaitEvent while nothing moves — near 0 % CPU — and draws
// one frame per refresh while the wall scrolls, photos fade in or decodes arrive. Input,
// decoded pixels and the folder scan all arrive as events on this one thread, which owns SDL;
// decoding and scanning run on workers and never make a frame wait.
//
// The session wires the parts together; each step of a frame is owned by its own type: the
// result router and its upload budget, the frame clock (pacing and stats), the screens that
// draw, the start-up milestones, and the daemon services with their flags.

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
    let decodes: ViewerDecodes
    /// Frames of the detail view's animation, on one thread of their own: an animation never
    /// takes more than a core from the wall and the photos around it.
    let animations: AnimationDecodes
    /// False while the window is hidden or minimised: nothing animates for nobody.
    var windowVisible = true
    let output: EventOutput
    let drawer: TileDrawer
    let wall: WallScreen
    var detail: DetailScreen?
    /// The photo frame (ViewerSession+Slideshow), over the wall while it runs.
    var slideshow: SlideshowScreen?
    /// `--slideshow`: started once the scan has found the photos.
    lazy var slideshowAtStart = options.slideshow.atStart
    /// The photo named alone on the command line, open before its folder's wall is known
    /// (`ViewerSession+Alone`); nil once it has its place there.
    var alonePhoto: PhotoEntry?
    /// The wall changed under the open photo while its decode was on its way: it takes its
    /// place in the new list once the decode is in (`rehomeDetail`).
    var detailRehomePending = false
    var scan: LibraryScan?
    var scanPaths: [PhotoPath] = []
    var scanning: Bool { scan != nil }
    var running = true
    var dirty = true
    var results = ResultRouter()
    var clock: FrameClock
    var milestones = StartupMilestones()
    /// The first screen's thumbnails read while the window opened; dropped once it is full.
    var earlyThumbnails: EarlyThumbnails?
    var heapTrim = HeapTrim(now: ProcessClock.now())
    /// The `--stats` panel (`s`).
    var statsPanel: StatsPanel
    /// The help or info panel on screen (ViewerSession+Overlays), and what was last drawn of it.
    var overlay: ViewerOverlay?
    var overlayDrawn: (lines: [String], rect: PixelRect)?
    let infoPanel: InfoPanel
    /// The standard keys and the configuration's `[keys]`.
    var keys: KeyBindings
    var idle: IdleBehaviour
    /// The screen's power: schedule, idle timeout, `screen on|off|auto` (ViewerSession+Screen).
    let screen: ScreenController
    let daemon: DaemonServices

    init(window: Window, options: ViewerOptions, title: String, log: Logger, waker: Waker = Waker(),
         signals: ProcessSignals? = nil, notifier: SystemdNotifier? = nil, control: ControlServer? = nil,
         early: EarlyThumbnails? = nil) {
        self.window = window
        self.waker = waker
        self.options = options
        self.title = title
        self.log = log
        earlyThumbnails = early
        events = EventSource(window: window)
        if events.readsTouchThroughLibinput {
            log.info("touch screens read through libinput: the kernel's times, udev's calibration")
        } else if window.driver.lowercased() == "kmsdrm" {
            log.warning("libinput could not start (not installed, or no udev?): touches through SDL, timed when the loop reads them")
        }
        decodes = ViewerDecodes(niceness: BackgroundPriority.viewerDecoders) { waker.wake() }
        animations = AnimationDecodes(workers: 1, niceness: BackgroundPriority.viewerDecoders) { waker.wake() }
        output = EventOutput(options.events, log: log)
        let font = FontLocator.locate()
        drawer = TileDrawer(renderer: window.renderer, fontPath: font)
        wall = WallScreen(drawer: drawer, viewportSize: window.size, style: options.style,
                          source: TileSource(thumbnailCache: options.thumbnailCache, maxPixels: options.maxPixels,
                                             decoders: options.decoders, early: early),
                          decodes: decodes,
                          textureBudgetBytes: options.textureBudgetBytes ?? TextureBudget.standard(for: window.renderer), log: log)
        if window.renderer.drawsOnCPU {
            log.info("drawing runs on the CPU: tile textures are cascade's own memory (budget \(wall.pool.budgetBytes >> 20) MiB)")
        }
        statsPanel = StatsPanel(shown: options.stats)
        infoPanel = InfoPanel { waker.wake() }
        keys = KeyBindings(configured: options.keyBindings)
        idle = IdleBehaviour(attractAfter: options.attractAfter, speed: options.attractSpeed,
                             detailTimeout: options.detailTimeout, now: ProcessClock.now())
        screen = ScreenController(schedule: options.screenSchedule, offAfter: options.screenOffAfter, now: ProcessClock.now())
        clock = FrameClock(refreshRate: window.refreshRate, vsync: window.renderer.backend.vsync)
        daemon = DaemonServices(signals: signals, notifier: notifier, control: control) { waker.wake() }
        do {
            daemon.onSelect = try OnSelect.runner(for: options, log: log)
        } catch {
            log.error("on-select is off: \(error)")
        }
        wall.onCommand = { [unowned self] command in perform(command, from: .touch) }
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
        if clock.holdsPresents { log.debug("presenting does not wait for the refresh: moving frames are held a refresh apart") }
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
                guard rest() else { continue }
            }
            // One frame per refresh: without vsync this keeps a stream of events from
            // spinning a core; with vsync the present already waited.
            let deadline = clock.startTime(moving: needsFrame)
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
        animations.shutdown()
        detail?.close()
        slideshow?.close()
        output.flush()
        if options.stats { reportStats() }
    }

    /// Asleep until an event, or until the next timer (watchdog, kiosk idle work); true when
    /// an event came and the screen is on, so a frame may follow.
    private func rest() -> Bool {
        clock.rest()
        if heapTrim.dueAtRest(now: ProcessClock.now()) { Allocator.returnFreePages() }
        let wait = nextDeadline - ProcessClock.now()
        guard let event = events.next(waitingUpTo: wait.isFinite ? max(0, wait) : nil) else { return false }
        handle(event)
        return screen.isOn
    }

    /// Internal (not private) so tests can drive the loop a frame at a time.
    var needsFrame: Bool {
        if results.resultsWaiting { return true }
        // The wall is neither advanced nor drawn while a photo is open: a glide or fade it had
        // when the photo opened must not keep frames coming for nothing.
        if let slideshow { return slideshow.needsFrame(at: ProcessClock.now()) }
        if let detail { return detail.needsFrame }
        return wall.needsFrame || idle.isDrifting
    }

    /// When the loop must wake up even if no event comes.
    private var nextDeadline: Double {
        guard screen.isOn else { return min(screen.deadline, daemon.deadline) }
        return min(idle.nextDeadline(detailOpen: detail != nil || slideshow != nil), slideshowDeadline, daemon.deadline, wall.nextArrivalFade(after: ProcessClock.now()),
                   screen.deadline, windowVisible ? detail?.nextAnimationChange ?? .infinity : .infinity)
    }

    /// `now` is the scene's time, what animations and fades advance by; tests drive frames at
    /// a made-up one. What the frame itself costs is timed on the loop's own clock, never
    /// from `now`, which may be off by the gap between the two.
    func frame(at now: Double) {
        let started = clock.begin()
        dirty = false
        heapTrim.noteWork()
        let moving = needsFrame
        let taken = results.route(from: decodes, to: wall, detail: detail, slideshow: slideshow, now: now,
                                  deadline: started + clock.refreshInterval * ResultRouter.timeShare)
        if detailRehomePending, taken.count > 0 { rehomeDetail() }
        for finished in animations.drain(max: 4) { detail?.accept(finished, now: now) }
        let uploaded = ProcessClock.now()
        draw(now: now)
        let cost = clock.present(on: window.renderer, started: started, moving: moving)
        if let gap = cost.lateBy {
            // What a late frame did, for whoever profiles stutter with CASCADE_LOG=debug.
            log.debug("late frame: \(Int(gap * 1000)) ms since the last, work \(Int(cost.work * 1000)) ms (uploads \(Int((uploaded - started) * 1000)) ms), present \(Int(cost.present * 1000)) ms, \(taken.count) results taken, \(decodes.pendingCount) decodes queued")
        }
        afterPresent()
    }

    private func draw(now: Double) {
        if let slideshow {
            slideshow.draw(now: now)
        } else if let detail {
            detail.draw(now: now)
        } else {
            wall.layout(now: now)
            wall.draw(now: now)
            drawStatusPanel()
        }
        drawStats(now: now)
        drawOverlay()
    }

    /// Things that happen once a frame is on screen: systemd hears that the wall is up, the
    /// scan is announced when its tiles are visible, and the start's milestones are timed.
    private func afterPresent() {
        daemon.presented(status: scanning ? "scanning" : "showing \(wall.entries.count) photos", scanning: scanning)
        detail?.presented(at: ProcessClock.now())
        if let count = milestones.presented(wall: wall, detailOpen: detail != nil, log: log) {
            emit(.scanned(count: count))
        }
        if milestones.firstFullScreen != nil, let early = earlyThumbnails {
            early.drop()
            earlyThumbnails = nil
        }
    }

    static var msSinceStart: Int { ProcessClock.msSinceStart }
}
