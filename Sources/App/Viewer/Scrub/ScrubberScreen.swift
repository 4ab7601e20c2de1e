// The date scrubber: a rail down the wall's right edge whose thumb is the wall's place in its
// whole length. It is a screen on the stack, over the wall, while it shows: the wall opens it
// when it scrolls or the mouse comes to its right edge (WallScreen+Scrubber), and it closes
// itself after a short idle. Dragging the thumb, or a press anywhere on the rail, puts the wall
// at the same place in proportion; while held, a label beside the thumb names the photo at the
// top of the screen (ScrubIndex) and Esc puts the wall back where the drag began. Every other
// press, wheel and key goes on to the wall beneath, as if the rail were not there.
//
// The wall requests no decode while the thumb moves (WallScreen.holdsDecodes): a drag across
// 100,000 photos passes thousands of tiles nobody sees. When the thumb rests or is let go, the
// tiles where it is are requested, and nothing passed over is queued ahead of them.

import Control
import Photos
import Screen
import Waterfall

@MainActor
final class ScrubberScreen: ViewerScreen {
    let id = ScreenID.next()
    weak var host: (any ScreenHost)?
    /// The wall it scrubs, which opened it and outlives it.
    unowned let wall: WallScreen
    private let clock: any SceneClock

    /// Seconds the rail stays after the wall last moved (or the mouse left it), then fades.
    static let shownFor = 1.5
    static let fadeFor = 0.3
    /// A thumb held still this long counts as resting: the tiles where it is get decoded.
    static let restAfter = 0.15
    /// How often a hovered rail checks the mouse is still there.
    static let hoverCheck = 1.0

    private struct Drag {
        let pointer: Int
        /// Where on the thumb it was taken, from its top: the thumb does not jump under the finger.
        let grab: Double
        /// The wall's offset when the drag began, for Esc.
        let startOffset: Double
        var lastMove: Double
        var resting = false
    }

    private var drag: Drag?
    /// The mouse is over the rail's band: it stays while it is.
    var hovering = false
    private var lastActivity: Double
    private var seenOffset: Double
    /// What the label says now, while the thumb is held.
    private(set) var label: String?

    private var index: ScrubIndex?
    private var indexedOrder: (order: Photos.SortOrder, reversed: Bool)?
    private var marksLayout: MarksLayout?
    private(set) var marks: [ScrubberLook.Mark] = []

    /// What the year marks' places depend on: a change in any of these places them again.
    private struct MarksLayout: Equatable {
        let count: Int
        let contentHeight: Double
        let viewport: Size
        let columns: Int
    }

    init(wall: WallScreen, clock: any SceneClock) {
        self.wall = wall
        self.clock = clock
        lastActivity = clock.now
        seenOffset = wall.view.contentOffset
    }

    var mode: ViewerMode { drag == nil ? .wall : .scrubber }
    var whenIdle: IdleRole { .attract }
    /// Only a rail over the wall: the wall is still the screen in view.
    var coversBeneath: Bool { false }
    var isDragging: Bool { drag != nil }

    var rail: ScrubRail { ScrubRail(viewport: wall.view.viewportSize) }
    private var maxOffset: Double { max(0, wall.view.contentLength - wall.view.viewportSize.height) }
    private var fraction: Double { maxOffset > 0 ? wall.view.contentOffset / maxOffset : 0 }

    /// The wall moved, or the pointer came to the rail: it stays a while longer.
    func noteActivity() { lastActivity = clock.now }

    // MARK: Input

    func handle(_ input: InputEvent) {
        switch input {
        case let .pointerDown(id, point, _) where drag == nil && maxOffset > 0 && rail.reaches(point):
            let thumb = rail.thumb(at: fraction)
            // On the thumb it is taken where it was pressed; elsewhere on the rail the thumb
            // jumps to be centred under the press.
            let grab = point.y >= thumb.minY - 4 && point.y <= thumb.maxY + 4
                ? min(max(point.y - thumb.minY, 0), thumb.height) : thumb.height / 2
            drag = Drag(pointer: id, grab: grab, startOffset: wall.view.contentOffset, lastMove: clock.now)
            wall.holdsDecodes = true
            move(to: point)
        case let .pointerMoved(id, point, _) where id == drag?.pointer:
            move(to: point)
        case let .pointerUp(id, point, _) where id == drag?.pointer:
            move(to: point)
            endDrag()
        case let .pointerCancelled(id, _) where id == drag?.pointer:
            endDrag()
        default:
            wall.handle(input)
        }
    }

    private func move(to point: Point) {
        guard var held = drag else { return }
        let offset = rail.fraction(thumbTop: point.y - held.grab) * maxOffset
        if offset != wall.view.contentOffset {
            wall.view.scrollTo(offset: offset)
            held.lastMove = clock.now
            if held.resting {
                held.resting = false
                wall.holdsDecodes = true
            }
        }
        drag = held
        label = labelAtTop()
        noteActivity()
    }

    private func endDrag() {
        drag = nil
        label = nil
        wall.holdsDecodes = false
        noteActivity()
    }

    /// Esc while the thumb is held: the wall goes back to where the drag began.
    func cancelDrag() {
        guard let held = drag else { return }
        wall.view.scrollTo(offset: held.startOffset)
        endDrag()
    }

    /// The label for the photo at the top of the screen: the tile nearest the top among those
    /// in view (the same one `get-state` lists highest).
    func labelAtTop() -> String? {
        guard let top = wall.view.layout.firstTile(in: wall.view.viewportRect) else { return nil }
        return scrubIndex.label(at: top, of: wall.entries.count)
    }

    // MARK: The index and the marks

    private var scrubIndex: ScrubIndex {
        let order = host?.options.wallOrder ?? (.name, false)
        if let index, let indexedOrder, indexedOrder.order == order.order, indexedOrder.reversed == order.reversed { return index }
        let made = ScrubIndex(entries: wall.entries, order: order.order, days: wall.sections.days)
        index = made
        indexedOrder = order
        marksLayout = nil
        return made
    }

    /// The year marks on the rail, placed again only when the wall's layout changed.
    private func placeMarks() {
        let layout = wall.view.layout
        let now = MarksLayout(count: layout.count, contentHeight: layout.contentLength, viewport: wall.view.viewportSize,
                              columns: layout.laneCount)
        let index = scrubIndex
        guard now != marksLayout else { return }
        marksLayout = now
        let rail = self.rail, maxOffset = self.maxOffset
        marks = index.yearMarks.compactMap { mark in
            guard mark.index < layout.count, maxOffset > 0 else { return nil }
            // Where the thumb is when this year's first photo is at the top of the screen.
            let offset = min(max(0, layout.frame(at: mark.index).minY - layout.margins.top), maxOffset)
            return ScrubberLook.Mark(y: rail.thumb(at: offset / maxOffset).midY, text: String(mark.year))
        }
    }

    // MARK: The frame

    private func opacity(at now: Double) -> Double {
        if drag != nil || hovering { return 1 }
        let since = now - lastActivity - Self.shownFor
        return since <= 0 ? 1 : max(0, 1 - since / Self.fadeFor)
    }

    func draw(now: Double) {
        wall.draw(now: now)
        // Its showing and fading go by the scene's clock, as its tick and deadlines do: the
        // frame's `now` may be a test's made-up time.
        if wall.view.contentOffset != seenOffset {
            seenOffset = wall.view.contentOffset
            noteActivity()
        }
        guard maxOffset > 0 else { return }
        placeMarks()
        wall.drawer.drawScrubber(ScrubberLook(rail: rail.rail, thumb: rail.thumb(at: fraction), marks: marks,
                                              label: label, opacity: opacity(at: clock.now)))
    }

    func tick(at now: Double) -> Bool {
        if var held = drag {
            guard !held.resting, now - held.lastMove >= Self.restAfter else { return false }
            held.resting = true
            drag = held
            wall.holdsDecodes = false
            return true
        }
        // The mouse can leave the window without crossing out of the band first.
        if hovering, !(host?.pointer.map(rail.reaches) ?? false) {
            hovering = false
            noteActivity()
        }
        if !hovering, now >= lastActivity + Self.shownFor + Self.fadeFor || maxOffset <= 0 {
            host?.dismiss(self)
            return true
        }
        return false
    }

    /// A moving thumb moves the wall under it: frames come a refresh apart, as in a fling, until
    /// it rests. A resting or let-go thumb costs nothing; the fade a few frames.
    func needsFrame(at now: Double) -> Bool {
        if let held = drag { return !held.resting || wall.needsFrame(at: now) }
        return wall.needsFrame(at: now) || (!hovering && now >= lastActivity + Self.shownFor)
    }

    func nextDeadline(after now: Double) -> Double {
        let own: Double
        if let held = drag {
            own = held.resting ? .infinity : held.lastMove + Self.restAfter
        } else if hovering {
            // Looked at now and then: the mouse may have left the window altogether.
            own = now + Self.hoverCheck
        } else {
            own = lastActivity + Self.shownFor
        }
        return min(own, wall.nextDeadline(after: now))
    }

    /// The rail follows the wall's viewport, and the marks its layout (`placeMarks`).
    func resize(_ size: Size) {}
    /// It asks for no decode: the wall's results go to the wall, by its own ScreenID.
    func accept(_ finished: ViewerDecodes.Finished, now: Double) {}

    func photosChanged(_ entries: [PhotoEntry], by change: PhotosChange) {
        index = nil
        marksLayout = nil
    }

    func close() {
        if drag != nil { wall.holdsDecodes = false }
        drag = nil
    }

    // MARK: What it tells

    var stateFields: [(String, JSONValue)] {
        [
            ("mode", .string(mode.rawValue)),
            ("scrubber", .object([
                ("dragging", .bool(drag != nil)),
                ("label", label.map { .string($0) } ?? .null),
                ("thumb", .rect(rail.thumb(at: fraction))),
                ("years", .array(scrubIndex.yearMarks.map { .int($0.year) })),
            ])),
        ]
    }

    var infoSubject: (entry: PhotoEntry, note: String?)? { wall.infoSubject }
    func infoPanelOpened() { wall.infoPanelOpened() }
}
