// The open photo's filmstrip as a user meets it: the real binary in Xvfb, keys and the mouse
// through xdotool, what it shows read through the control socket's `get-state`. t shows it, a
// click on a neighbour opens that photo, → moves it along, a zoom leaves it be, and the mouse at
// the window's bottom edge shows it.

import Foundation
import Testing
@testable import App
@testable import TestSupport

@Suite("the filmstrip in a real X server", .serialized)
struct FilmstripEndToEndTests {
    struct Strip {
        let shown: Bool
        let current: Int?
        let thumbnails: [(index: Int, x: Double, y: Double, w: Double, h: Double)]

        init(_ state: [String: Any]) {
            let strip = state["filmstrip"] as? [String: Any] ?? [:]
            shown = strip["shown"] as? Bool ?? false
            current = strip["current"] as? Int
            thumbnails = (strip["visible"] as? [[String: Any]] ?? []).compactMap { item in
                guard let index = item["index"] as? Int, let screen = item["screen"] as? [String: Any] else { return nil }
                func number(_ key: String) -> Double { (screen[key] as? NSNumber)?.doubleValue ?? 0 }
                return (index, number("x"), number("y"), number("w"), number("h"))
            }
        }

        func middle(of index: Int) -> (x: Int, y: Int)? {
            thumbnails.first { $0.index == index }.map { (Int($0.x + $0.w / 2), Int($0.y + $0.h / 2)) }
        }
    }

    private final class Viewer {
        let service: DaemonEndToEndTests.Service
        let control: ControlConnection
        let window: String
        var display: XDisplay { service.server.display }

        init(arguments: [String] = []) async throws {
            let service = try await DaemonEndToEndTests.Service(photos: 24, arguments: arguments)
            self.service = service
            (control, window) = try await service.subscribedWall()
        }

        func state() async throws -> [String: Any] {
            try #require(try await control.data(["get-state"]) as? [String: Any])
        }

        func strip(_ what: String, until: @escaping (Strip) -> Bool) async throws -> Strip {
            try await waitFor(what) { () -> Strip? in
                let strip = Strip(try await state())
                return until(strip) ? strip : nil
            }
        }

        /// Photo `index` open, its decode in: the detail view's state.
        func open(_ index: Int) async throws {
            _ = try await control.data(["select", index])
            _ = try await waitFor("photo \(index) open") { () -> Bool? in
                let state = try await state()
                return state["mode"] as? String == "detail" && state["cursor"] as? Int == index ? true : nil
            }
        }
    }

    @Test("t shows the strip round the open photo; a click on a neighbour opens it; → moves the ring along and keeps it in the middle; a zoom moves no thumbnail")
    func keyClickFollowAndZoom() async throws {
        let viewer = try await Viewer()
        try await viewer.open(10)
        let before = Strip(try await viewer.state())
        #expect(before.shown == false, "hidden until asked for")

        try await viewer.display.xdotool(["key", "--clearmodifiers", "t"])
        let shown = try await viewer.strip("the strip to show photo 10 and its neighbours") { strip in
            strip.shown && strip.current == 10 && strip.thumbnails.contains { $0.index == 8 }
        }
        for thumbnail in shown.thumbnails {
            #expect(thumbnail.y >= 600 - 78 && thumbnail.y + thumbnail.h <= 600, "in the bottom band: \(thumbnail)")
        }

        let target = try #require(shown.middle(of: 8))
        try await viewer.display.xdotool(["mousemove", "--window", viewer.window, "\(target.x)", "\(target.y)", "click", "1"])
        let jumped = try await viewer.strip("a click on thumbnail 8 to open photo 8") { $0.current == 8 }
        let afterClick = try await viewer.state()
        #expect(afterClick["cursor"] as? Int == 8, "the wall's cursor follows the photo open")
        #expect(afterClick["mode"] as? String == "detail", "the click opened a photo, it did not close the view")

        // Away from the strip, so no hover keeps it; the key keeps it shown.
        try await viewer.display.xdotool(["mousemove", "--window", viewer.window, "400", "200", "key", "--clearmodifiers", "Right"])
        let followed = try await viewer.strip("the strip to follow to photo 9, centred") { strip in
            guard strip.current == 9, let nine = strip.thumbnails.first(where: { $0.index == 9 }) else { return false }
            // Exactly: the glide has come to rest.
            return abs(nine.x + nine.w / 2 - 400) < 0.001
        }
        #expect(followed.thumbnails.map(\.index) != jumped.thumbnails.map(\.index) || followed.thumbnails.first?.x != jumped.thumbnails.first?.x,
                "the strip moved")

        let fit = (try await viewer.state()["zoom"] as? NSNumber)?.doubleValue ?? 0
        try await viewer.display.xdotool(["key", "--clearmodifiers", "--delay", "60", "plus", "plus"])
        _ = try await waitFor("the photo zoomed in") { () -> Bool? in
            let state = try await viewer.state()
            let zoom = (state["zoom"] as? NSNumber)?.doubleValue ?? 0
            return zoom > fit * 1.2 && Strip(state).current == 9 ? true : nil
        }
        let zoomed = Strip(try await viewer.state())
        #expect(zoomed.thumbnails.map(\.index) == followed.thumbnails.map(\.index))
        #expect(zip(zoomed.thumbnails, followed.thumbnails).allSatisfy { $0.x == $1.x && $0.y == $1.y && $0.w == $1.w && $0.h == $1.h },
                "the zoom moved the strip: \(followed.thumbnails) → \(zoomed.thumbnails)")

        try await viewer.display.xdotool(["key", "--clearmodifiers", "t"])
        _ = try await viewer.strip("t to hide it again") { !$0.shown }
    }

    @Test("the mouse at the window's bottom edge shows the strip, and it goes once the mouse left")
    func hoverShowsIt() async throws {
        let viewer = try await Viewer()
        try await viewer.open(5)
        try await viewer.display.xdotool(["mousemove", "--window", viewer.window, "400", "300"])
        let away = Strip(try await viewer.state())
        #expect(away.shown == false)
        try await viewer.display.xdotool(["mousemove", "--window", viewer.window, "400", "590"])
        let shown = try await viewer.strip("the hover to show the strip") { $0.shown && !$0.thumbnails.isEmpty }
        #expect(shown.current == 5)
        try await viewer.display.xdotool(["mousemove", "--window", viewer.window, "400", "200"])
        _ = try await viewer.strip("the strip to go after the mouse left") { !$0.shown }
    }

    @Test("--filmstrip: shown from the start, the photo above it")
    func alwaysShown() async throws {
        let viewer = try await Viewer(arguments: ["--filmstrip"])
        try await viewer.open(3)
        let strip = try await viewer.strip("the strip shown without a key") { $0.shown && $0.thumbnails.contains { $0.index == 3 } }
        #expect(strip.current == 3)
    }
}
