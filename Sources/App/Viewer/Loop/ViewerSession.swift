// The frame loop. It sleeps in SDL_WaitEvent while nothing moves — near 0 % CPU — and draws
// one frame per refresh while the wall scrolls, photos fade in or decodes arrive. Input,
// decoded pixels and the folder scan all arrive as events on this one thread, which owns SDL;
// decoding and scanning run on workers and never make a frame wait.
//
// What is on screen is a stack of screens (ScreenStack): the wall at the bottom, built here,
// and whatever the screens open over it. The loop handles only what is session-wide — quit,
// the screen's power, reloads, stats, the help and info panels, the daemon — and hands the
// rest to the top screen; each step of a frame is owned by its own type: the result router
// and its upload budget, the frame clock (pacing and stats), the start-up milestones.

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
    /// The time the screens, the idle logic and the schedule go by (tests move it by hand).
    let clock: any SceneClock
    private let events: EventSource
    let waker: Waker
    let parts: ScreenParts
    var decodes: ViewerDecodes { parts.decodes }
    /// False while the window is hidden or minimised: nothing animates for nobody.
    var windowVisible = true
    let output: EventOutput
    var drawer: TileDrawer { parts.drawer }
    /// The bottom of the stack, and the photos every screen above it shows.
    let wall: WallScreen
    let stack: ScreenStack
    /// `--slideshow`: started once the scan has found the photos.
    lazy var slideshowAtStart = options.slideshow.atStart
    var scan: LibraryScan?
    var scanPaths: [PhotoPath] = [] {
        didSet { if !oldValue.isEmpty, oldValue != scanPaths { foldersChanged() } }
    }
    /// A photo named alone shows its folder's own photos; every other wall is the folders' trees.
    var scanDepth = FolderDepth.tree
    /// Where each folder's wall was left (ViewerSession+Places); nil where nothing is remembered.
    var places: WallPlaces?
    var scanning: Bool { scan != nil }
    var running = true
    var dirty = true
    var results = ResultRouter()
    var frameClock: FrameClock
    var milestones = StartupMilestones()
    /// The first screen's thumbnails read while the window opened; dropped once it is full.
    var earlyThumbnails: EarlyThumbnails?
    var heapTrim = HeapTrim(now: ProcessClock.now())
    /// The `--stats` panel (`s`).
    var statsPanel: StatsPanel
    /// The help or info panel over the top screen.
    var overlay: OverlayPanel
    /// A message over the screen (`message`), until its time is up.
    var message: ScreenMessage?
    /// What the last action on the files did, or why it did not, for a few seconds.
    var notice: ActionNotice?
    /// The control request being answered, until an action that answers later takes it.
    var answering: ControlRequest?
    /// `rotate` requests answered once their files are turned.
    var rotationReplies = RotationReplies()
    /// Photos trashed or moved while marked: `restore` marks them again.
    var marksOfRemoved: Set<PhotoPath> = []
    /// The standard keys and the configuration's `[keys]`.
    var keys: KeyBindings
    var idle: IdleBehaviour
    /// The screen's power: schedule, idle timeout, `screen on|off|auto` (ViewerSession+Screen).
    let screen: ScreenController
    /// The TV told over HDMI-CEC when the screen goes off and on (`--cec`); nil without it.
    var television: CecTelevision?
    let daemon: DaemonServices
    /// The console's output, watched for going away and coming back (ViewerSession+Display);
    /// nil off the console.
    let consoleOutput: ConsoleOutput?
    /// Trash, move, copy, rotate and their undo.
    let editor: PhotoEditor
    /// `run`'s commands that ended, handed over by their threads.
    let finishedCommands: FinishedCommands
    /// "Another folder…" for move and copy: the desktop's dialog, off the loop.
    let folderDialogs: FolderDialogs
    let immichOutcomes: ImmichOutcomes
    /// Originals of Immich's photos fetched for the photo view.
    let fetchedOriginalsBox: FetchedOriginals

    init(window: Window, options: ViewerOptions, title: String, log: Logger, waker: Waker = Waker(),
         signals: ProcessSignals? = nil, notifier: SystemdNotifier? = nil, control: ControlServer? = nil,
         early: EarlyThumbnails? = nil, clock: any SceneClock = SystemClock()) {
        self.window = window
        self.waker = waker
        self.options = options
        self.title = title
        self.log = log
        self.clock = clock
        earlyThumbnails = early
        events = EventSource(window: window)
        events.hoverEdge = ScrubRail.reach
        events.hoverBottom = { Filmstrip.height(in: Size(width: 0, height: $0)) }
        if events.readsTouchThroughLibinput {
            log.info("touch screens read through libinput: the kernel's times, udev's calibration")
        } else if events.readsTouchFromEventDevices {
            log.warning("libinput could not start (not installed, or no udev?): touch screens read from the kernel's event devices, with their times, no calibration matrix")
        }
        parts = ScreenParts(drawer: TileDrawer(renderer: window.renderer, fontPath: FontLocator.locate()),
                            decodes: ViewerDecodes(niceness: BackgroundPriority.viewerDecoders) { waker.wake() },
                            animations: AnimationDecodes(workers: 1, niceness: BackgroundPriority.viewerDecoders) { waker.wake() },
                            source: TileSource(thumbnailCache: options.thumbnailCache, maxPixels: options.maxPixels,
                                               decoders: options.decoders, early: early,
                                               offline: OfflineKeeping.networkFolders(capacity: options.offlineCacheBytes)),
                            log: log)
        output = EventOutput(options.events, log: log)
        wall = WallScreen(drawer: parts.drawer, viewportSize: window.size, style: options.style, source: parts.source,
                          decodes: parts.decodes,
                          textureBudgetBytes: TextureBudget.choose(given: options.textureBudgetBytes, for: window.renderer).bytes, log: log)
        stack = ScreenStack(bottom: wall)
        statsPanel = StatsPanel(shown: options.stats)
        overlay = OverlayPanel(info: InfoPanel { waker.wake() })
        keys = KeyBindings(configured: options.keyBindings, immich: options.immich != nil)
        idle = IdleBehaviour(attractAfter: options.attractAfter, speed: options.attractSpeed,
                             detailTimeout: options.detailTimeout, now: clock.now)
        screen = ScreenController(schedule: options.screenSchedule, offAfter: options.screenOffAfter, now: clock.now)
        television = options.cec ? CecTelevision(device: options.cecDevice, log: log) : nil
        frameClock = FrameClock(refreshRate: window.refreshRate, vsync: window.renderer.backend.vsync)
        daemon = DaemonServices(signals: signals, notifier: notifier, control: control) { waker.wake() }
        editor = PhotoEditor(rotations: PhotoRotations(thumbnails: ThumbnailCache.standard(enabled: options.thumbnailCache)) { waker.wake() },
                             jobs: PhotoFileJobs { waker.wake() },
                             destinations: RecentDestinations(file: options.destinationsFile, log: log), log: log)
        finishedCommands = FinishedCommands { waker.wake() }
        folderDialogs = FolderDialogs { waker.wake() }
        immichOutcomes = ImmichOutcomes { waker.wake() }
        fetchedOriginalsBox = FetchedOriginals { waker.wake() }
        consoleOutput = window.driver.lowercased() == "kmsdrm" ? ConsoleOutput() : nil
        do {
            daemon.onSelect = try OnSelect.runner(for: options, log: log)
        } catch {
            log.error("on-select is off: \(error)")
        }
        wall.host = self
    }

    /// `scan`: one already running (started before the window, so the two overlap).
    func start(scanning paths: [PhotoPath], depth: FolderDepth = .tree, scan: LibraryScan? = nil) {
        scanPaths = paths
        scanDepth = depth
        self.scan = scan
        if scan == nil { rescan() }
    }

    /// `known`: headers in hand to take where the index has none (a wall ordered anew).
    func rescan(known: [PhotoEntry] = []) {
        let waker = self.waker
        scan = LibraryScan(paths: scanPaths, depth: scanDepth, order: options.wallOrder.order, reversed: options.wallOrder.reversed,
                           watch: options.watch, networkPoll: options.networkPoll, index: options.photoIndexFile, showIndexed: wall.entries.isEmpty,
                           known: known, log: log,
                           progress: DaemonServices.scanStatus(daemon.notifier)) { waker.wake() }
    }

    // MARK: The loop

    func loop() {
        if frameClock.holdsPresents { log.debug("presenting does not wait for the refresh: moving frames are held a refresh apart") }
        while running {
            // A scan that finished before SDL could take its wake-up event is collected here.
            while let outcome = scan?.take() { finishScan(outcome); dirty = true }
            // Work from other threads is looked for on every pass, not only after a wake-up
            // event: one sent before SDL was up is lost, and timers wake the loop without one.
            takeDaemonWork()
            guard running else { break }
            // Input that came during the last frame goes first: a finger's lift queued behind a
            // slow frame must end its tap before the clock can call the held finger a long press.
            while running, let event = events.poll() { handle(event) }
            tick(at: clock.now)
            // With the screen off or gone nothing is drawn: the loop only waits for events and timers.
            if !showing || !(dirty || needsFrame) {
                guard rest() else { continue }
            }
            // One frame per refresh: without vsync this keeps a stream of events from
            // spinning a core; with vsync the present already waited.
            let deadline = frameClock.startTime(moving: needsFrame)
            while running, ProcessClock.now() < deadline,
                  let event = events.next(waitingUpTo: deadline - ProcessClock.now()) {
                handle(event)
            }
            while running, let event = events.poll() { handle(event) }
            guard running else { break }
            frame(at: clock.now)
        }
        daemon.shutdown()
        // Photos in flight are not waited for (nor blamed): they are decoded at the next start.
        wall.source.loader.decoder.stopDecoding()
        decodes.shutdown()
        parts.animations.shutdown()
        for screen in stack.screens.reversed() { screen.close() }
        output.flush()
        if options.stats { health.report() }
    }

    /// Asleep until an event, or until the next timer (watchdog, kiosk idle work); true when
    /// an event came and the screen is on, so a frame may follow.
    private func rest() -> Bool {
        frameClock.rest()
        if heapTrim.dueAtRest(now: ProcessClock.now()) { Allocator.returnFreePages() }
        // The scene's deadlines are in its time, which a soak runs faster than the world's; the
        // daemon's (the watchdog, a reload's pause) are in real time.
        let wait = min((nextDeadline - clock.now) / clock.rate, daemon.deadline - ProcessClock.now())
        guard let event = events.next(waitingUpTo: wait.isFinite ? max(0, wait) : nil) else { return false }
        handle(event)
        return showing
    }

    /// Internal (not private) so tests can drive the loop a frame at a time.
    var needsFrame: Bool {
        if results.resultsWaiting { return true }
        // Only the top screen is drawn: a glide or fade the wall had when a photo opened over
        // it must not keep frames coming for nothing.
        let top = stack.top
        return top.needsFrame(at: clock.now) || (top.whenIdle == .attract && idle.isDrifting)
    }

    /// When the loop must wake up for the scene even if no event comes, on the scene's clock.
    private var nextDeadline: Double {
        guard showing else { return screen.deadline }
        return min(idleDeadline, screen.deadline, stack.top.nextDeadline(after: clock.now), message?.until ?? .infinity, notice?.until ?? .infinity)
    }

    /// `now` is the scene's time, what animations and fades advance by; tests drive frames at
    /// a made-up one. What the frame itself costs is timed on the loop's own clock, never
    /// from `now`, which may be off by the gap between the two.
    func frame(at now: Double) {
        let started = frameClock.begin()
        dirty = false
        heapTrim.noteWork()
        let moving = needsFrame
        let taken = results.route(from: decodes, to: stack, now: now,
                                  deadline: started + frameClock.refreshInterval * ResultRouter.timeShare)
        results.route(frames: parts.animations, to: stack, now: now)
        let uploaded = ProcessClock.now()
        stack.top.draw(now: now)
        if stack.isAtBottom { drawStatusPanel() }
        if statsPanel.shown { drawer.drawPanel(statsPanel.lines(at: now) { health.panelLines }, placement: .topLeft) }
        overlay.draw(over: stack.top, keys: keys, marks: wall.marks, with: drawer)
        if let message { drawer.drawPanel(message.lines, placement: .bottomCentre) }
        // Above a message, which stays far longer.
        if let notice { drawer.drawPanel(notice.lines, placement: message == nil ? .bottomCentre : .topCentre) }
        let cost = frameClock.present(on: window.renderer, started: started, moving: moving)
        if let gap = cost.lateBy {
            // What a late frame did, for whoever profiles stutter with CASCADE_LOG=debug.
            log.debug("late frame: \(Int(gap * 1000)) ms since the last, work \(Int(cost.work * 1000)) ms (uploads \(Int((uploaded - started) * 1000)) ms), present \(Int(cost.present * 1000)) ms, \(taken.count) results taken, \(decodes.pendingCount) decodes queued")
        }
        afterPresent()
    }

    /// Things that happen once a frame is on screen: systemd hears that the wall is up, the
    /// scan is announced when its tiles are visible, and the start's milestones are timed.
    private func afterPresent() {
        daemon.presented(status: scanning ? "scanning" : "showing \(wall.entries.count) photos", scanning: scanning)
        stack.top.presented(at: clock.now)
        if let count = milestones.presented(wall: wall, detailOpen: !stack.isAtBottom, log: log) {
            emit(.scanned(count: count))
        }
        if milestones.firstFullScreen != nil, let early = earlyThumbnails {
            early.drop()
            earlyThumbnails = nil
        }
    }

    /// The loop's figures now: `get-stats`, the `--stats` panel and its line at exit.
    var health: LoopHealth {
        LoopHealth(stats: frameClock.stats, wall: wall, renderer: window.renderer, decodeQueue: decodes.pendingCount,
                   control: daemon.control, firstFullScreen: milestones.firstFullScreen)
    }

    static var msSinceStart: Int { ProcessClock.msSinceStart }
}
