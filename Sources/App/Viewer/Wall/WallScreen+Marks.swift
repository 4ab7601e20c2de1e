// Marks on the wall: the photos chosen to act on together. `m` and a long press on a tile turn
// one on or off, Shift+arrows and Shift+click mark a range, `M` a whole section, Ctrl+Shift+A
// clears them, and programs mark and unmark by index or path. The open photo is marked through
// the wall beneath it, which keeps the marks for every screen. Other programs hear `marked` and
// `unmarked` with the paths that changed; the window's title counts them.

import Control
import Photos
import Waterfall

extension WallScreen {
    /// The marked photos in the wall's order: what an action on "the marked set" takes.
    var marked: [PhotoEntry] { marks.marked(in: entries) }

    /// Where the marked photos are on the wall, ascending.
    var markedIndices: [Int] {
        marks.isEmpty ? [] : entries.indices.filter { marks.contains(entries[$0].path) }
    }

    /// " — 3 marked" for the window's title; empty while nothing is marked.
    var marksTitle: String { marks.isEmpty ? "" : " — \(marks.count) marked" }

    /// The photos of the section holding photo `index`, for `mark-section`: its month (or year)
    /// on a wall sorted by date; a wall without sections is one.
    func section(containing index: Int) -> Range<Int> {
        let layout = view.layout
        if let section = layout.section(containing: index) { return layout.tiles(inSection: section) }
        // Before the first heading (or no headings at all): the photos up to it.
        return 0..<(layout.sectionCount > 0 ? layout.tiles(inSection: 0).lowerBound : entries.count)
    }

    func performMarks(_ command: Command) -> Result<JSONValue, ControlError> {
        switch command {
        case .mark(let chosen):
            return photos(chosen, for: "mark").map { mark($0) }
        case .unmark(let chosen):
            return photos(chosen, for: "unmark").map { unmark($0) }
        case .toggleMark:
            // As Return opens it: without a cursor, the first photo on screen takes it.
            if shownIndex == nil { cursor = view.layout.firstTile(in: view.viewportRect) }
            guard let index = shownIndex else { return .failure(Self.nothingChosen("mark-toggle")) }
            let path = entries[index].path
            if marks.contains(path) { return .success(unmark([path])) }
            marks.anchor = path
            return .success(mark([path]))
        case .extendMarks(let move):
            return .success(extendMarks(move))
        case .markSection:
            guard let index = cursor ?? view.layout.firstTile(in: view.viewportRect) else { return .success(mark([])) }
            return .success(mark(section(containing: index).map { entries[$0].path }))
        case .clearMarks:
            let cleared = marks.clear(in: entries)
            announce(marked: [], unmarked: cleared)
            return .success(answer(cleared))
        default:
            return .success(.null)
        }
    }

    /// Shift+arrow: the cursor moves, and every photo from the anchor (the photo marked last by
    /// hand, else where the cursor was) to the cursor is marked, in the wall's order.
    private func extendMarks(_ move: CursorMove) -> JSONValue {
        let from = cursor
        moveCursor(move)
        guard let to = cursor else { return answer([]) }
        let anchor = marks.anchor.flatMap { path in entries.firstIndex { $0.path == path } } ?? from ?? to
        marks.anchor = entries[anchor].path
        return mark((min(anchor, to)...max(anchor, to)).map { entries[$0].path })
    }

    /// Shift+click: every photo from the cursor to the clicked one is marked, and the cursor
    /// goes there. Through the commands a program uses, as a tap's selection is.
    func shiftClicked(_ index: Int) {
        guard index < entries.count else { return }
        let from = cursor.flatMap { $0 < entries.count ? $0 : nil } ?? index
        cursor = index
        issue(.mark((min(from, index)...max(from, index)).map { .index($0) }))
    }

    /// A finger held on tile `index`: its mark on or off, through the commands a program uses.
    func longPressed(_ index: Int) {
        guard index < entries.count else { return }
        let reference = [PhotoReference.index(index)]
        issue(marks.contains(entries[index].path) ? .unmark(reference) : .mark(reference))
    }

    // MARK: The long press's clock

    /// When a finger held still becomes a long press, on the scene's clock.
    var longPressDue: Double { view.longPressDeadline.map { $0 - eventClockLead } ?? .infinity }

    /// The scene's clock reached `now`: a finger held still long enough marks its tile.
    func holdTouch(at now: Double) -> Bool {
        guard longPressDue <= now else { return false }
        view.holdGestures(until: now + eventClockLead)
        return true
    }

    // MARK: Changing them

    /// The open photo, else the cursor's.
    private var shownIndex: Int? {
        (openedPhoto.flatMap(openIndex(of:)) ?? cursor).flatMap { $0 < entries.count ? $0 : nil }
    }

    private func mark(_ paths: [PhotoPath]) -> JSONValue {
        let added = marks.mark(paths)
        if marks.anchor == nil, let last = paths.last { marks.anchor = last }
        announce(marked: added, unmarked: [])
        return answer(added)
    }

    private func unmark(_ paths: [PhotoPath]) -> JSONValue {
        let dropped = marks.unmark(paths)
        announce(marked: [], unmarked: dropped)
        return answer(dropped)
    }

    /// Photos put back (`restore`) that were marked when they left get their marks again.
    func markAgain(_ paths: [PhotoPath]) {
        _ = mark(paths)
    }

    /// Photos that left the wall (a folder's edit, a rescan, the trash) take their marks along.
    func dropMarksOfGonePhotos() {
        announce(marked: [], unmarked: marks.keep(onlyOn: entries))
    }

    private func announce(marked: [PhotoPath], unmarked: [PhotoPath]) {
        if !marked.isEmpty { host?.emit(.marked(marked)) }
        if !unmarked.isEmpty { host?.emit(.unmarked(unmarked)) }
        if !marked.isEmpty || !unmarked.isEmpty { host?.titleChanged() }
    }

    /// The reply: the paths that changed and how many are marked now.
    private func answer(_ changed: [PhotoPath]) -> JSONValue {
        .object([("paths", .array(changed.map { .string($0.string) })), ("count", .int(marks.count))])
    }

    /// The photos a program named, or the shown one when it named none.
    private func photos(_ chosen: [PhotoReference], for name: String) -> Result<[PhotoPath], ControlError> {
        guard !chosen.isEmpty else {
            return shownIndex.map { .success([entries[$0].path]) } ?? .failure(Self.nothingChosen(name))
        }
        var paths: [PhotoPath] = []
        for reference in chosen {
            switch reference {
            case .index(let index):
                guard entries.indices.contains(index) else {
                    return .failure(ControlError("\(name): no photo at index \(index) (the wall has \(entries.count))"))
                }
                paths.append(entries[index].path)
            case .path(let text):
                let path = PhotoPath(text)
                guard entries.contains(where: { $0.path == path }) else {
                    return .failure(ControlError("\(name): \(text) is not on the wall"))
                }
                paths.append(path)
            }
        }
        return .success(paths)
    }

    private static func nothingChosen(_ name: String) -> ControlError {
        ControlError("\(name): no photo chosen (open one, move the cursor to one, or give an index or a path)")
    }
}
