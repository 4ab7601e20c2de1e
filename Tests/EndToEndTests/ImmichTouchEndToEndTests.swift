// A finger on an Immich frame: held on the slide, it stars the photo on the server, and the
// screen says so — the person touching the frame is looking at it, not at a log. (X's pointer
// stands in for the finger: the viewer reads a held button and a held finger alike.)

import Foundation
import Testing
@testable import TestSupport

extension ImmichEndToEndTests {
    @Test("a finger held on a slide favourites its photo in Immich, and the screen says so")
    func longPressFavourites() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(2), keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                    arguments: ["--slideshow", "--interval", "3600", "--transition-ms", "0"])
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 2)
        let window = try await frame.server.display.waitForWindow(class: "cascade")
        try await frame.check {
            try await waitUntil("a slide on the screen") {
                let slideshow = try await frame.state(control)["slideshow"] as? [String: Any]
                return !(slideshow?["shown"] as? [Any] ?? []).isEmpty
            }
        }
        try await frame.server.display.xdotool(["mousemove", "--window", window, "400", "300", "mousedown", "1"])
        // Starred while the finger is still down: the hold is timed by the frame, not the lift.
        try await frame.check {
            try await waitUntil("the favourite to reach the stand-in") {
                !((try await standIn.log())["favorites"] as? [String] ?? []).isEmpty
            }
        }
        try await frame.server.display.xdotool(["mouseup", "1"])
        try await frame.check {
            try await waitUntil("the screen to say it") {
                (try await frame.state(control)["message"] as? String) == "Favourite in Immich"
            }
        }
        let slideshow = try await frame.state(control)["slideshow"] as? [String: Any]
        #expect(slideshow?["paused"] as? Bool != true, "the hold is not a tap: the slideshow was paused")
        try await standIn.expectNoViolations()
    }
}
