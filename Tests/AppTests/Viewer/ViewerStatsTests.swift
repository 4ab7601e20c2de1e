import CSDL2
import Control
import Foundation
import Logging
import Testing
@testable import App
import Screen
import Waterfall
@testable import TestSupport

/// `get-stats` over the control socket: what a soak test or a kiosk's monitoring reads while
/// the wall runs — input taken, stalls, textures against the budget.
@Suite("get-stats", .serialized)
@MainActor
struct ViewerStatsTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    @Test("counts the input the loop took, the stalls it had and the textures it holds against the budget")
    func statsFollowTheLoop() throws {
        let library = try ColourLibrary(count: 30)
        // Window starts SDL video itself; balanced here once everything is gone.
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try countTheLoop(library)
    }

    private func countTheLoop(_ library: ColourLibrary) throws {
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        var options = ViewerOptions()
        options.style = WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false)
        options.thumbnailCache = false
        options.textureBudgetBytes = 16 << 20
        let session = ViewerSession(window: window, options: options, title: "cascade test", log: Logger(label: "cascade.tests"))
        let events = EventSource(window: window)
        session.wall.show(library.entries)
        var now = 1000.0
        func turn() {
            if !session.needsFrame, let event = events.next(waitingUpTo: 0.05) { session.handle(event) }
            while let event = events.poll() { session.handle(event) }
            now += 1.0 / 60
            session.frame(at: now)
        }
        let deadline = Date().addingTimeInterval(10)
        repeat { turn() } while !session.wall.isScreenSettled && Date() < deadline
        try #require(session.wall.isScreenSettled, "the wall never showed its photos")

        let before = try stats(session)
        // A wheel notch, Page Down and a tap, through SDL's queue as the drivers deliver them.
        for var event in [SDLEvents.wheel(y: -1), SDLEvents.key(SDLK_PAGEDOWN),
                          SDLEvents.mouseButton(down: true, x: 200, y: 150, ms: 0),
                          SDLEvents.mouseButton(down: false, x: 200, y: 150, ms: 40)] {
            #expect(SDL_PushEvent(&event) == 1)
        }
        turn()
        // The loop busy for 80 ms without looking at its queue: a stall someone would feel.
        pauseThread(.milliseconds(80))
        turn()
        let after = try stats(session)

        func delta(_ key: String) -> Int? {
            guard let a = after["events"]?[key]?.intValue, let b = before["events"]?[key]?.intValue else { return nil }
            return a - b
        }
        #expect(delta("wheel") == 1)
        #expect(delta("key") == 1)
        #expect(delta("pointer") == 2)
        #expect(delta("input") == 4)
        #expect((after["longestStallMs"]?.doubleValue ?? 0) >= 80)
        #expect((after["stallsOver50ms"]?.intValue ?? 0) > (before["stallsOver50ms"]?.intValue ?? .max))

        #expect(after["photos"]?.intValue == 30)
        #expect((after["frames"]?.intValue ?? 0) > (before["frames"]?.intValue ?? .max))
        #expect((after["frameWorkMs"]?["max"]?.doubleValue ?? 0) > 0)
        let budget = try #require(after["pool"]?["budget"]?.intValue)
        #expect(budget == 16 << 20)
        let held = try #require(after["pool"]?["bytes"]?.intValue)
        #expect(held > 0 && held <= budget, "the pool holds \(held) bytes")
        #expect((after["textures"]?["count"]?.intValue ?? 0) > 0)
        #expect((after["textures"]?["bytes"]?.intValue ?? 0) > 0)
    }

    @Test("asking for the figures is not using the wall: the loop stays asleep and the kiosk idle")
    func watchingIsNotInput() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try watchQuietly()
    }

    private func watchQuietly() throws {
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        let session = ViewerSession(window: window, options: ViewerOptions(), title: "cascade test", log: Logger(label: "cascade.tests"))
        session.frame(at: 1000)
        let idleSince = session.idle.lastInput
        _ = try stats(session)
        #expect(!session.dirty, "get-stats asked for a frame")
        #expect(session.idle.lastInput == idleSince, "get-stats counted as someone using the wall")
        _ = session.perform(.close)
        #expect(session.dirty)
    }

    private func stats(_ session: ViewerSession) throws -> JSONValue {
        let result = session.perform(.getStats)
        guard case .success(let data) = result else { throw HarnessError("get-stats failed: \(result)") }
        return data
    }
}
