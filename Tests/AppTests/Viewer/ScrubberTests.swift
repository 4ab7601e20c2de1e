import Control
import Foundation
import Testing
@testable import App
import Photos
@testable import Screen
import Waterfall

/// The date scrubber on a wall drawn offscreen with SDL's dummy driver: the rail a scroll
/// brings up, the thumb a person drags, the label it shows, Esc, and the decodes a drag asks for.
@Suite("the date scrubber", .serialized)
@MainActor
struct ScrubberTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// A wall in a host that records what it pushes, every clock reading the host's.
    private func wall(_ library: ColourLibrary) throws -> (WallHarness, RecordingHost, ManualClock) {
        let h = try WallHarness(library)
        let clock = ManualClock()
        let host = RecordingHost(drawer: h.drawer, decodes: h.decodes, size: WallHarness.size, clock: clock)
        h.wall.host = host
        h.clock = clock.now
        h.layout()
        return (h, host, clock)
    }

    /// Moves both clocks a frame on.
    private func frame(_ h: WallHarness, _ clock: ManualClock, seconds: Double = 1.0 / 60) {
        clock.advance(by: seconds)
        h.clock = clock.now
    }

    /// The scrubber the wall pushed, if it did.
    private func scrubber(_ host: RecordingHost) -> ScrubberScreen? {
        host.pushed.last as? ScrubberScreen
    }

    /// The scrubber the wall shows when asked, pushed once.
    private func shown(_ h: WallHarness, _ host: RecordingHost,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> ScrubberScreen {
        let s = try #require(h.wall.showScrubber(), sourceLocation: sourceLocation)
        #expect(host.pushed.count == 1, sourceLocation: sourceLocation)
        return s
    }

    /// The rail's point where the thumb's centre puts the wall `fraction` of its way.
    private func railPoint(_ s: ScrubberScreen, at fraction: Double) -> Point {
        let rail = s.rail
        return Point(x: rail.rail.midX, y: rail.rail.minY + fraction * rail.travel + ScrubRail.thumbHeight / 2)
    }

    @Test("a wheel scroll brings the rail up at the window's right edge, its thumb where the wall is; the tiles stay visible beside it")
    func railAfterScroll() throws {
        let (h, host, clock) = try wall(try ColourLibrary(count: 60))
        #expect(host.pushed.isEmpty, "the rail shows before anything scrolled")
        h.wall.handle(.wheel(dx: 0, dy: 240, zoom: false, time: 1))
        for _ in 0..<120 where h.view.isAnimating {
            frame(h, clock)
            h.layout()
        }
        let s = try #require(scrubber(host), "scrolling the wall did not bring up the scrubber")
        #expect(s.mode == .wall, "the wall's keys work while the rail merely shows")
        s.draw(now: clock.now)
        h.renderer.flush()
        let rail = s.rail.rail
        #expect(rail.maxX > WallHarness.size.width - 10 && rail.minX > WallHarness.size.width - 30, "rail at \(rail)")
        let thumb = s.rail.thumb(at: h.view.contentOffset / h.maxOffset)
        #expect(thumb.minY > rail.minY, "the wall scrolled, so the thumb is below the rail's top")
        let colour = try #require(h.colour(at: Point(x: thumb.midX, y: thumb.midY)))
        #expect(colour.matches(h.drawer.theme.highlight), "the thumb is drawn: \(colour)")
        let beside = try #require(h.colour(at: Point(x: rail.midX, y: thumb.maxY + 20 < rail.maxY ? thumb.maxY + 20 : thumb.minY - 20)))
        #expect(!beside.matches(h.drawer.theme.highlight), "the rail beside the thumb is not the thumb")

        // Idle: it fades, then takes itself off the stack.
        frame(h, clock, seconds: ScrubberScreen.shownFor + ScrubberScreen.fadeFor + 0.01)
        #expect(s.tick(at: clock.now))
        #expect(host.dismissed == 1, "the rail did not go after being idle")
    }

    @Test("dragging the thumb puts the wall at the same place in proportion; a press elsewhere on the rail jumps there; letting go keeps it")
    func dragMovesWall() throws {
        let (h, host, clock) = try wall(try ColourLibrary(count: 60))
        let s = try shown(h, host)
        // A press halfway down the rail (the thumb is at the top): the wall jumps to its middle.
        s.handle(.pointerDown(id: 3, at: railPoint(s, at: 0.5), time: 1))
        #expect(abs(h.view.contentOffset - h.maxOffset / 2) < 1, "offset \(h.view.contentOffset) of \(h.maxOffset)")
        #expect(s.mode == .scrubber)
        for fraction in [0.6, 0.9, 1.0, 0.25] {
            frame(h, clock)
            s.handle(.pointerMoved(id: 3, to: railPoint(s, at: fraction), time: 1))
            #expect(abs(h.view.contentOffset - h.maxOffset * fraction) < 1,
                    "thumb at \(fraction): offset \(h.view.contentOffset) of \(h.maxOffset)")
        }
        // Past the rail's end the wall stops at its end, not beyond.
        s.handle(.pointerMoved(id: 3, to: Point(x: 390, y: 5000), time: 1))
        #expect(h.view.contentOffset == h.maxOffset)
        s.handle(.pointerUp(id: 3, at: railPoint(s, at: 0.25), time: 1))
        #expect(abs(h.view.contentOffset - h.maxOffset * 0.25) < 1)
        #expect(s.mode == .wall && !s.isDragging)
    }

    @Test("a press on the wall's right edge while the rail is hidden brings it up and starts the drag at once (a finger on a kiosk)")
    func pressOnHiddenRail() throws {
        let (h, host, _) = try wall(try ColourLibrary(count: 60))
        let rail = ScrubRail(viewport: WallHarness.size)
        h.wall.handle(.pointerDown(id: 7, at: Point(x: WallHarness.size.width - 3, y: rail.rail.maxY - 10), time: 1))
        let s = try #require(scrubber(host))
        #expect(s.isDragging)
        #expect(h.view.contentOffset == h.maxOffset, "a press at the rail's foot goes to the wall's end")
        // A press away from the edge is the wall's own: the rail does not take it.
        s.handle(.pointerUp(id: 7, at: Point(x: WallHarness.size.width - 3, y: rail.rail.maxY - 10), time: 1))
        s.handle(.pointerDown(id: 8, at: Point(x: 100, y: 100), time: 2))
        #expect(!s.isDragging)
    }

    @Test("the label names the photo at the top of the screen where the thumb is: its name on a wall ordered by name")
    func labelIsTopPhoto() throws {
        let (h, host, clock) = try wall(try ColourLibrary(count: 60))
        let s = try shown(h, host)
        s.handle(.pointerDown(id: 1, at: railPoint(s, at: 0), time: 1))
        for fraction in [0.3, 0.7, 1.0] {
            frame(h, clock)
            s.handle(.pointerMoved(id: 1, to: railPoint(s, at: fraction), time: 1))
            let top = try #require(h.view.layout.indices(in: h.view.viewportRect).min {
                h.view.layout.frame(at: $0).minY < h.view.layout.frame(at: $1).minY
            })
            #expect(s.label == h.library.photos[top].name, "at \(fraction): label \(s.label ?? "none"), top photo \(h.library.photos[top].name)")
        }
        s.handle(.pointerUp(id: 1, at: railPoint(s, at: 1), time: 1))
        #expect(s.label == nil, "the label goes with the drag")
    }

    @Test("Esc while the thumb is held puts the wall back where the drag began; the scrubber's Esc is the command table's")
    func escapeRestores() throws {
        let (h, host, clock) = try wall(try ColourLibrary(count: 60))
        h.view.scrollTo(offset: 100)
        h.layout()
        let s = try shown(h, host)
        s.handle(.pointerDown(id: 1, at: railPoint(s, at: 0.2), time: 1))
        frame(h, clock)
        s.handle(.pointerMoved(id: 1, to: railPoint(s, at: 0.8), time: 1))
        #expect(abs(h.view.contentOffset - h.maxOffset * 0.8) < 1)
        #expect(KeyBindings.command(for: KeyPress(.escape), in: s.mode) == .back)
        guard case .done = s.perform(.back, from: .key) else { Issue.record("Esc went past the held thumb"); return }
        #expect(h.view.contentOffset == 100)
        #expect(!s.isDragging && s.mode == .wall)
        // Without a drag, Esc is the wall's again (hiding its cursor).
        guard case .beneath = s.perform(.back, from: .key) else { Issue.record("Esc without a drag stayed with the rail"); return }
    }

    @Test("on a wall sorted by date the rail marks each year where its first photo is, placed again when the columns change")
    func yearMarksFollowTheLayout() throws {
        let (h, host, clock) = try wall(try ColourLibrary(count: 1))
        host.options.order = .date
        // A photo a month through ten years (file times: no EXIF here), every file absent: the
        // marks need the dates and the layout, not the pixels.
        let start = Int64(1_262_304_000)   // 2010-01-01
        let entries = (0..<120).map { i in
            PhotoEntry(path: PhotoPath("/nowhere/\(i).png"), relative: PhotoPath("\(i).png"), group: 0,
                       mtime: FileTime(seconds: start + Int64(i) * 2_629_746 + 86_400 * 5, nanoseconds: 0), fileSize: 1,
                       fileID: FileID(device: 1, inode: UInt64(i)),
                       info: PhotoInfo(format: .png, pixelWidth: 100, pixelHeight: 60 + i % 5 * 20, orientation: .up))
        }
        h.wall.show(entries)
        h.layout()
        let s = try shown(h, host)
        s.draw(now: clock.now)
        #expect(s.marks.map(\.text) == (2010...2019).map(String.init))
        // Each year's mark is where the thumb is with that year's first photo at the top.
        let firstOf2015 = try #require(entries.firstIndex { $0.mtime.seconds >= 1_420_070_400 })
        let offset = min(h.view.layout.frame(at: firstOf2015).minY - WallHarness.margin, h.maxOffset)
        #expect(abs(s.marks[5].y - s.rail.thumb(at: offset / h.maxOffset).midY) < 0.5)
        let before = s.marks
        h.wall.perform(.setColumns(1), from: .key)
        s.draw(now: clock.now)
        #expect(s.marks.map(\.text) == before.map(\.text))
        #expect(s.marks != before, "the marks stayed where three columns had put them")
        let again = min(h.view.layout.frame(at: firstOf2015).minY - WallHarness.margin, h.maxOffset)
        #expect(abs(s.marks[5].y - s.rail.thumb(at: again / h.maxOffset).midY) < 0.5)
    }

    @Test("a drag across the wall requests no decode for the tiles it passes over; the destination's are requested when the thumb rests or is let go")
    func noDecodesForPassedTiles() throws {
        let (h, host, clock) = try wall(try ColourLibrary(count: 240))
        try #require(h.maxOffset > 20 * WallHarness.size.height, "the wall is too short to pass over anything")
        let atStart = h.wall.decodeRequests
        #expect(atStart > 0)
        let s = try shown(h, host)
        s.handle(.pointerDown(id: 1, at: railPoint(s, at: 0), time: 1))
        var passed = Set<Int>()
        for step in 1...40 {
            frame(h, clock)
            s.handle(.pointerMoved(id: 1, to: railPoint(s, at: Double(step) / 50), time: 1))
            _ = s.tick(at: clock.now)
            s.draw(now: clock.now)
            passed.formUnion(h.view.liveIndices)
        }
        #expect(passed.count > 150, "the drag passed over \(passed.count) tiles only")
        #expect(h.wall.decodeRequests == atStart, "the drag requested \(h.wall.decodeRequests - atStart) decodes while moving")
        // The thumb rests: the tiles where it is are requested, and nothing else.
        frame(h, clock, seconds: ScrubberScreen.restAfter + 0.01)
        #expect(s.tick(at: clock.now))
        let live = h.view.liveIndices.count
        #expect(h.wall.decodeRequests - atStart == live, "requested \(h.wall.decodeRequests - atStart), \(live) tiles live where the thumb rests")
        // At most a decode and a first pass for each tile where the thumb is: nothing passed over.
        #expect(h.decodes.pendingCount <= 2 * live, "\(h.decodes.pendingCount) decodes queued for \(live) live tiles")
        // Moving again holds them again; letting go requests the destination's.
        let rested = h.wall.decodeRequests
        frame(h, clock)
        s.handle(.pointerMoved(id: 1, to: railPoint(s, at: 1), time: 1))
        s.draw(now: clock.now)
        #expect(h.wall.decodeRequests == rested)
        s.handle(.pointerUp(id: 1, at: railPoint(s, at: 1), time: 1))
        #expect(h.wall.decodeRequests > rested)
        #expect(h.decodes.pendingCount <= 2 * h.view.liveIndices.count)
        #expect(h.settleScreen(), "the destination's tiles never arrived")
    }
}

/// What the scrubber says for a place: months from the photos' dates, and where the years begin.
@Suite("the scrubber's labels and year marks")
struct ScrubIndexTests {
    private func entry(_ name: String, taken: CaptureDate?, mtime: Int64 = 0) -> PhotoEntry {
        PhotoEntry(path: PhotoPath("/p/" + name), relative: PhotoPath(name), group: 0,
                   mtime: FileTime(seconds: mtime, nanoseconds: 0), fileSize: 1, fileID: FileID(device: 1, inode: 1),
                   info: PhotoInfo(format: .jpeg, pixelWidth: 4, pixelHeight: 3, orientation: .up,
                                   taken: taken.map { .taken($0) } ?? .absent))
    }

    /// Seconds of a UTC date.
    private func seconds(_ year: Int, _ month: Int, _ day: Int, hour: Int = 12) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return Int64(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!.timeIntervalSince1970)
    }

    @Test("by date, a photo is named by the month its camera wrote, or its file's month without one; year marks sit on each year's first photo")
    func months() {
        let entries = [
            entry("a.jpg", taken: CaptureDate(wallClock: seconds(2018, 12, 31, hour: 23), utcOffsetMinutes: nil)),
            entry("b.jpg", taken: CaptureDate(wallClock: seconds(2019, 3, 1, hour: 0), utcOffsetMinutes: 120)),
            entry("c.jpg", taken: nil, mtime: seconds(2019, 3, 20)),
            entry("d.jpg", taken: CaptureDate(wallClock: seconds(1969, 7, 20), utcOffsetMinutes: nil)),
        ]
        let index = ScrubIndex(entries: entries, order: .date, zone: TimeZone(identifier: "UTC")!)
        #expect((0..<4).map { index.label(at: $0, of: 4) } == ["December 2018", "March 2019", "March 2019", "July 1969"])
        #expect(index.yearMarks == [.init(index: 0, year: 2018), .init(index: 1, year: 2019), .init(index: 3, year: 1969)])
        #expect(index.label(at: 9, of: 4) == "", "a place past the end has no label, and no crash")
    }

    @Test("by name, the photo's name; by size or shuffled, its position; no year marks but by time")
    func otherOrders() {
        let entries = [entry("a.jpg", taken: nil), entry("b.jpg", taken: nil)]
        #expect(ScrubIndex(entries: entries, order: .name).label(at: 1, of: 2) == "b.jpg")
        let bySize = ScrubIndex(entries: entries, order: .size)
        #expect(bySize.label(at: 1, of: 2) == "photo 2 of 2")
        #expect(bySize.yearMarks.isEmpty && ScrubIndex(entries: entries, order: .name).yearMarks.isEmpty)
    }
}
