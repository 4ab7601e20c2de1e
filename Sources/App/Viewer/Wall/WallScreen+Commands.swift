// The wall as a screen on the stack: the commands it carries out (scrolling, the cursor,
// selection, columns or rows, its direction), the photo and the slideshow it opens over itself,
// and what `get-state` and the info panel tell of it.

import Control
import InputLimits
import Photos
import Screen
import Waterfall

extension WallScreen {
    func perform(_ command: Command, from origin: CommandOrigin) -> CommandOutcome {
        movedByClock = origin == .timer
        func check(_ index: Int) -> ControlError? {
            (0..<entries.count).contains(index) ? nil
                : ControlError("no photo at index \(index) (the wall has \(entries.count))")
        }
        switch command {
        case let .scrollTo(.index(index), animated):
            if let error = check(index) { return .done(.failure(error)) }
            view.scrollToCell(at: index, position: .top, animated: animated)
        case let .scrollTo(.offset(y), animated):
            guard y.isFinite else { return .done(.failure(ControlError("offset must be a finite number"))) }
            view.scrollTo(offset: y, animated: animated)
        case let .scrollTo(.date(period), animated):
            guard sections.newestFirst != nil else {
                return .done(.failure(ControlError("scroll-to a date needs the wall sorted by date (sort date or sort -date)")))
            }
            guard let index = sections.firstIndex(of: period) else {
                return .done(.failure(ControlError("the wall has no photos to scroll to")))
            }
            view.scrollToCell(at: index, position: .top, animated: animated)
        case .pageDown, .pageUp:
            let before = view.destinationRect
            view.scrollTo(offset: scrollTarget + view.axis.along(view.viewportSize) * (command == .pageDown ? 0.9 : -0.9), animated: true)
            cursor = view.layout.cursorTarget(paging: cursor, from: before, to: view.destinationRect)
        // The cursor goes with the view, as nsxiv's g/G select the first and last: Return after
        // End opens the last photo, not one at the top.
        case .top:
            view.scrollTo(offset: 0, animated: true)
            cursor = entries.isEmpty ? nil : 0
        case .bottom:
            view.scrollTo(offset: view.contentLength, animated: true)
            cursor = entries.isEmpty ? nil : entries.count - 1
        case .moveCursor(let move): moveCursor(move)
        case .select(let index):
            if let error = check(index) { return .done(.failure(error)) }
            view.selectCell(at: index)
        case .open(let index):
            if let error = check(index) { return .done(.failure(error)) }
            openPhoto(index)
        case .openAtCursor:
            // Return in the middle of a drag: the wall will not see the rest of it. (A tap that
            // opens a photo has already ended its gesture.)
            view.handle(.pointerCancelled(id: EventSource.mousePointer, time: 0))
            if let cursor, isOnScreen(cursor) {
                view.selectCell(at: cursor)
            } else if let first = view.layout.firstTile(in: view.viewportRect) {
                view.selectCell(at: first)
            }
        case .back: cursor = nil
        case .setColumns(let n):
            if let refused = lanesRefused(by: "set-columns", on: .vertical) { return .done(.failure(refused)) }
            // The socket has checked already; the same table, the same words, for any other caller.
            if let n, !Limits.columns.contains(n) {
                return .done(.failure(ControlError("set-columns needs \(Limits.columns.expectation); got \(n)")))
            }
            view.setColumns(n.map { .fixed($0) } ?? .automatic)
        case .setRows(let n):
            if let refused = lanesRefused(by: "set-rows", on: .horizontal) { return .done(.failure(refused)) }
            if let n, !Limits.rows.contains(n) {
                return .done(.failure(ControlError("set-rows needs \(Limits.rows.expectation); got \(n)")))
            }
            view.setColumns(n.map { .fixed($0) } ?? .automatic)
        case .setDirection(let axis): turn(to: axis)
        case .zoomIn: view.zoom(by: 1, holdingCell: cursor)
        case .zoomOut: view.zoom(by: -1, holdingCell: cursor)
        case .slideshow(.start): startSlideshow(from: origin)
        case .slideshow(.stop): break
        case .slideshow: return .done(.failure(ControlError("no slideshow is running (slideshow start)")))
        case .mark, .unmark, .toggleMark, .extendMarks, .markSection, .clearMarks: return .done(performMarks(command))
        default: break
        }
        return .ok
    }

    /// A count of columns said to a horizontal wall (or rows to a vertical one) is refused by
    /// name rather than taken as the other lanes: a script that set four columns and got four
    /// rows would believe something the screen does not show.
    private func lanesRefused(by name: String, on axis: WallAxis) -> ControlError? {
        guard view.axis != axis else { return nil }
        let other = axis == .vertical ? "set-rows" : "set-columns"
        return ControlError("\(name) is for a \(axis.rawValue) wall; this one is \(view.axis.rawValue): \(other) counts its \(view.axis.laneName), or set-direction \(axis.rawValue) turns it")
    }

    /// Where the wall is headed: the end of the glide under way, else where it is. Paging
    /// from there makes two presses (or a held key's repeats) go two pages, not one.
    private var scrollTarget: Double { view.scroll.destination }

    /// A tap on a tile, Return on the cursor or the socket's `select`: other programs hear of
    /// it, the on-select command runs, and the photo opens.
    func selected(_ index: Int) {
        guard index >= 0, index < entries.count else { return }
        host?.emit(.selected(index: index, path: entries[index].path, rect: view.layout.frame(at: index),
                             offset: view.drawnOffset))
        cursor = index
        host?.runOnSelect(entries[index].path, index: index)
        openPhoto(index)
    }

    /// Opens photo `index` over the wall; `announced` false for the photo named alone, whose
    /// `opened` comes once it has its place on its folder's wall (WallScreen+Alone).
    func openPhoto(_ index: Int, announced: Bool = true) {
        guard let host else { return }
        let parts = host.parts
        let photo = DetailScreen(drawer: drawer, entries: entries, index: index, viewportSize: host.windowSize,
                                 decodes: parts.decodes, source: source, tilePicture: copyOfPicture, log: parts.log,
                                 animations: parts.animations, clock: host.clock, filmstrip: host.options.filmstrip)
        photo.onChange = { [unowned self, unowned photo] i in cursor = openIndex(of: photo) ?? i }
        photo.onDismissed = { [unowned self, unowned photo] in closed(photo) }
        photo.isMarked = { [unowned self] path in marks.contains(path) }
        openedPhoto = photo
        host.push(photo)
        if announced { host.emit(.opened(index: index, path: entries[index].path)) }
    }

    /// The open photo's index on the wall. The folder may have changed while it was open, so
    /// it is found by path rather than by the index the detail view started from.
    func openIndex(of photo: DetailScreen) -> Int? {
        let path = photo.entry.path
        if photo.index < entries.count, entries[photo.index].path == path { return photo.index }
        return entries.firstIndex { $0.path == path }
    }

    /// Back from a photo: the cursor on it and the wall scrolled to show it.
    private func closed(_ photo: DetailScreen) {
        let index = openIndex(of: photo)
        if let index {
            cursor = index
            view.scrollToCell(at: index, position: .visible)
        }
        host?.emit(.closed(index: index ?? photo.index))
    }

    /// Started by someone at the screen, it goes on from the cursor's photo (an open photo,
    /// closed for it, left the cursor there); the clock's start (the photo frame's, after an
    /// idle spell) and a kiosk's begin a round of their own.
    private func startSlideshow(from origin: CommandOrigin) {
        guard let host else { return }
        let settings = host.options.slideshow, parts = host.parts
        var onPhoto: PhotoPath?
        if origin != .timer, !host.options.kiosk, let cursor, entries.indices.contains(cursor) { onPhoto = entries[cursor].path }
        let playlist = SlideshowPlaylist(entries: entries, settings: settings, start: onPhoto, roots: host.roots,
                                         indexFile: host.options.photoIndexFile, log: parts.log, clock: host.clock)
        let slideshow = SlideshowScreen(drawer: drawer, playlist: playlist, settings: settings, viewportSize: host.windowSize,
                                        decodes: parts.decodes, source: source, log: parts.log, clock: host.clock)
        slideshow.onShown = { [unowned self] shown, round, position, size in
            for (i, entry) in shown.enumerated() {
                let index = entries.firstIndex { $0.path == entry.path }
                self.host?.emit(.shown(index: index, path: entry.path, round: round, position: position + i, roundSize: size))
            }
        }
        slideshow.wallIndex = { [unowned self] path in entries.firstIndex { $0.path == path } }
        slideshow.onDismissed = { [unowned self, unowned slideshow] in
            // Back to the wall at the photo shown.
            if let shown = slideshow.shown.first, let index = entries.firstIndex(where: { $0.path == shown.path }) {
                cursor = index
                view.scrollToCell(at: index, position: .visible)
            }
        }
        host.push(slideshow)
        parts.log.info("slideshow: \(playlist.roundSize) photos, order \(playlist.runsIn.rawValue), every \(settings.interval) s")
    }

    // MARK: On the stack

    func needsFrame(at now: Double) -> Bool { needsFrame }
    func nextDeadline(after now: Double) -> Double { min(nextArrivalFade(after: now), longPressDue) }
    func tick(at now: Double) -> Bool { holdTouch(at: now) }
    func resize(_ size: Size) {
        view.setViewportSize(size)
        scrubSeenOffset = view.contentOffset
    }

    func handle(_ input: InputEvent) {
        if let now = host?.clock.now { eventClockLead = input.time - now }
        movedByClock = false
        // A press on the right edge is the scrubber's, shown or not (once shown, it has the
        // input first and hands the wall the rest).
        if scrubber == nil, case .pointerDown(_, let point, _) = input, ScrubRail(viewport: view.viewportSize).reaches(point),
           let scrubber = showScrubber() {
            scrubber.handle(input)
            return
        }
        view.handle(input)
    }
    /// The wall is the bottom of the stack: it is never closed.
    func close() {}

    // MARK: What it tells

    var stateFields: [(String, JSONValue)] {
        // From the layout, not the last frame's draw list: a request answered right after a
        // scroll or a folder change sees the wall as it now is.
        let horizontal = view.axis == .horizontal
        let visible: [JSONValue] = view.layout.indices(in: view.viewportRect).sorted().map { index in
            let path = entries[index].path
            let frame = view.layout.frame(at: index)
            return .object([
                ("index", .int(index)), ("path", .string(path.string)), ("uri", .string(path.uri)),
                ("rect", .rect(frame)), (horizontal ? "row" : "column", .int(view.layout.lane(at: index))),
                // Where it is in the window now: a script points at it, a test checks it stays put.
                ("screen", .rect(onScreen(frame, offset: view.contentOffset))),
                // Highlighted as a new arrival (--highlight-new).
                ("new", .bool(arrivals[path] != nil)),
            ])
        }
        return [
            ("count", .int(entries.count)),
            ("direction", .string(view.axis.rawValue)),
            // Lanes and length under their names on this wall: a script reading "columns" of a
            // horizontal wall would get a count of something it does not see.
            (view.axis.laneName, .int(view.layout.laneCount)),
            ("width", .double(view.viewportSize.width)),
            ("height", .double(view.viewportSize.height)),
            ("offset", .double(view.contentOffset)),
            (horizontal ? "contentWidth" : "contentHeight", .double(view.contentLength)),
            ("mode", .string(mode.rawValue)),
            ("selected", (openedPhoto.flatMap(openIndex(of:)) ?? cursor).map { .int($0) } ?? .null),
            ("cursor", cursor.map { .int($0) } ?? .null),
            ("moving", .bool(view.isAnimating)),
            ("visible", .array(visible)),
            ("marked", .array(markedIndices.map { index in
                .object([("index", .int(index)), ("path", .string(entries[index].path.string)), ("uri", .string(entries[index].path.uri))])
            })),
            ("sections", .array(sectionStates)),
        ]
    }

    /// The wall's sections (none unless it is sorted by date), each with its heading's place.
    private var sectionStates: [JSONValue] {
        sectionHeadings.map { section, heading in
            .object([
                ("label", .string(section.label)), ("year", .int(section.year)),
                ("month", section.month.map { .int($0) } ?? .null),
                ("count", .int(section.photos.count)), ("first", .int(section.photos.lowerBound)),
                ("rect", .rect(heading)),
            ])
        }
    }

    var infoSubject: (entry: PhotoEntry, note: String?)? {
        guard let cursor, cursor < entries.count else { return nil }
        let entry = entries[cursor]
        return (entry, problem(for: entry.path))
    }

    /// The info panel is about the cursor's tile: it appears on the first one in view.
    func infoPanelOpened() {
        if cursor.map({ !isOnScreen($0) }) ?? true {
            cursor = view.layout.firstTile(in: view.viewportRect)
        }
    }
}
