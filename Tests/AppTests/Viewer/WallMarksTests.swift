// Marks on the wall: they belong to photos, not places, so a re-sort, a folder's edit and a
// resize leave them on the same photos; a photo that leaves takes its mark along. A marked tile
// carries a badge the others do not, and a finger held on a tile marks it without opening it.

import Control
import Foundation
import Testing
@testable import App
@testable import Photos
import Screen
import Waterfall

@Suite("marks on the wall", .serialized)
@MainActor
struct WallMarksTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    private func harness(count: Int = 12) throws -> (WallHarness, RecordingHost) {
        let h = try WallHarness(try ColourLibrary(count: count))
        let host = RecordingHost(drawer: h.drawer, decodes: h.decodes, size: WallHarness.size)
        h.wall.host = host
        h.layout()
        return (h, host)
    }

    @discardableResult
    private func perform(_ h: WallHarness, _ command: Command) -> CommandOutcome {
        h.wall.perform(command, from: .control)
    }

    private func markedPaths(_ h: WallHarness) -> [PhotoPath] { h.wall.marked.map(\.path) }

    @Test("m, then Shift+→ twice: three photos marked, from the first to the cursor; m again takes one off")
    func keysMarkARange() throws {
        let (h, host) = try harness()
        h.wall.cursor = 0
        perform(h, .toggleMark)
        perform(h, .extendMarks(.right))
        perform(h, .extendMarks(.right))
        #expect(h.wall.cursor == 2)
        #expect(h.wall.markedIndices == [0, 1, 2])
        perform(h, .toggleMark)
        #expect(h.wall.markedIndices == [0, 1])
        let events = host.events.map(\.name)
        #expect(events == ["marked", "marked", "marked", "unmarked"])
        #expect(h.wall.marksTitle == " — 2 marked")
    }

    @Test("marks stay on their photos through a re-sort, a resize, and photos arriving before them")
    func marksFollowPhotos() throws {
        let (h, _) = try harness()
        perform(h, .mark([.index(1), .index(4), .path(h.library.entries[7].path.string)]))
        let chosen = markedPaths(h)
        #expect(chosen.count == 3)

        h.wall.reorder(.name, reversed: true)
        #expect(Set(markedPaths(h)) == Set(chosen))
        #expect(h.wall.markedIndices == [4, 7, 10], "the same photos, at their new places")

        h.wall.resize(Size(width: 700, height: 300))
        #expect(Set(markedPaths(h)) == Set(chosen))

        // Two photos arrive at the top of the wall: every marked photo moves down two places.
        let newcomers = Array(h.library.entries.prefix(2)).map { entry in
            PhotoEntry(path: PhotoPath(entry.path.string + ".new.png"), relative: PhotoPath(entry.relative.string + ".new.png"),
                       group: 0, mtime: entry.mtime, fileSize: entry.fileSize, fileID: entry.fileID, info: entry.info)
        }
        let before = h.wall.markedIndices
        h.wall.apply(LibraryEdit(entries: newcomers + h.wall.entries, removed: [], inserted: [0, 1], changed: []),
                     highlightingFor: 0, now: h.clock, stayAtTop: false)
        #expect(h.wall.markedIndices == before.map { $0 + 2 })
        #expect(Set(markedPaths(h)) == Set(chosen))
    }

    @Test("a marked photo that leaves the wall takes its mark along, with an unmarked event")
    func removedPhotoLosesItsMark() throws {
        let (h, host) = try harness()
        perform(h, .mark([.index(2), .index(5)]))
        let leaving = h.wall.entries[2].path, staying = h.wall.entries[5].path
        var kept = h.wall.entries
        kept.remove(at: 2)
        h.wall.apply(LibraryEdit(entries: kept, removed: [2], inserted: [], changed: []), highlightingFor: 0, now: h.clock, stayAtTop: false)
        #expect(markedPaths(h) == [staying])
        #expect(h.wall.markedIndices == [4])
        guard case .unmarked(let paths)? = host.events.last else { Issue.record("no unmarked event"); return }
        #expect(paths == [leaving])

        // A whole new scan that still has the photo keeps its mark.
        h.wall.show(h.wall.entries)
        #expect(markedPaths(h) == [staying])
    }

    @Test("a program's bad photo is an error that changes nothing")
    func badReferences() throws {
        let (h, _) = try harness()
        perform(h, .mark([.index(0)]))
        guard case .done(.failure(let error)) = perform(h, .mark([.index(1), .index(99)])) else {
            Issue.record("an index past the wall was taken"); return
        }
        #expect(error.message.contains("99"))
        guard case .done(.failure) = perform(h, .unmark([.path("/nowhere/x.jpg")])) else {
            Issue.record("a path not on the wall was taken"); return
        }
        #expect(h.wall.markedIndices == [0])
        guard case .done(.failure) = perform(h, .unmark([])) else { Issue.record("unmark without a photo chosen did something"); return }
        // m without a cursor: as Return, the first photo on screen takes it.
        perform(h, .clearMarks)
        perform(h, .toggleMark)
        #expect(h.wall.cursor == 0 && h.wall.markedIndices == [0])
        perform(h, .clearMarks)
        #expect(h.wall.marked.isEmpty)
    }

    @Test("M marks the whole wall while it has no sections")
    func sectionIsTheWall() throws {
        let (h, _) = try harness()
        h.wall.cursor = 3
        perform(h, .markSection)
        #expect(h.wall.markedIndices == Array(0..<12))
    }

    @Test("a marked tile carries the badge in its photo's corner, on light and dark photos; the others do not")
    func badgeOnMarkedTilesOnly() throws {
        let (h, _) = try harness()
        try #require(h.settleScreen(), "the first screen never finished decoding")
        perform(h, .mark([.index(1), .index(3)]))
        h.draw()
        let accent = h.drawer.theme.highlight
        var checked = 0
        for item in h.view.drawList where item.frame.maxY <= WallHarness.size.height {
            let photo = WallPlan.photoRect(frame: item.frame, captionHeight: 0)
            let (centre, radius) = try #require(h.drawer.markBadgeDisc(in: photo))
            // The upper half of the disc, clear of the tick.
            let colour = try #require(h.colour(at: Point(x: centre.x, y: centre.y - radius / 2)))
            let tick = try #require(h.colour(at: Point(x: centre.x - radius * 0.12, y: centre.y + radius * 0.4)))
            if [1, 3].contains(item.index) {
                #expect(colour.matches(accent), "marked tile \(item.index) shows \(colour) where its badge goes")
                #expect(tick.matches(ScreenColor(rgb: 0xFFFFFF), tolerance: 40), "marked tile \(item.index) has no white tick")
            } else {
                #expect(colour.matches(h.library.colour(of: item.index)), "unmarked tile \(item.index) shows \(colour), not its photo")
            }
            checked += 1
        }
        #expect(checked >= 4, "too few whole tiles on screen to judge")
    }

    @Test("a finger held still on a tile marks it once the hold is long enough, and never opens it")
    func longPressMarks() throws {
        let clock = ManualClock()
        let (h, _) = try harness()
        let host = RecordingHost(drawer: h.drawer, decodes: h.decodes, size: WallHarness.size, clock: clock)
        h.wall.host = host
        let tile = try #require(h.view.drawList.first { $0.index == 2 })
        let point = Point(x: tile.frame.midX, y: tile.frame.midY)
        // The events' clock has its own origin (SDL's ticks), the scene's another.
        h.wall.handle(.pointerDown(id: 0, at: point, time: 42))
        #expect(h.wall.nextDeadline(after: clock.now) == clock.now + 0.5, "the loop wakes for the hold")
        clock.advance(by: 0.3)
        #expect(!h.wall.tick(at: clock.now))
        clock.advance(by: 0.2)
        #expect(h.wall.tick(at: clock.now))
        #expect(host.commands == [.mark([.index(2)])])
        h.wall.handle(.pointerUp(id: 0, at: point, time: 42.9))
        #expect(host.selected.isEmpty, "the photo does not open under a long press")
        #expect(host.commands.count == 1)
    }
}
