// The date scrubber as a person uses it: the real binary in Xvfb on photos with known EXIF
// dates, the mouse pressed on the wall's right edge and dragged with xdotool. While the button
// is held, `get-state` gives the scrubber's label; the photo at the top of the screen must be
// from that month, and stay there when the button is let go. Esc during a second drag puts the
// wall back where that drag began.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("the date scrubber in a real X server", .serialized)
struct ScrubberEndToEndTests {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]
    static let count = 60

    /// Photo `i` was taken in month `i` counted from January 2015, one a month; its
    /// name runs the other way, so only the dates give the order.
    static func taken(_ i: Int) -> (name: String, exif: String, label: String) {
        let month = i % 12, year = 2015 + i / 12
        let name = String(format: "n%03d.jpg", Self.count - i)
        return (name, String(format: "%04d:%02d:15 12:00:00", year, month + 1), "\(Self.months[month]) \(year)")
    }

    /// The photo at the top of the screen (the visible tile drawn highest, the leftmost on a
    /// tie), the scrubber's label, and the offset.
    private func look(_ control: ControlConnection) async throws -> (top: String?, label: String?, mode: String?, offset: Double) {
        let state = try await control.data(["get-state"]) as? [String: Any] ?? [:]
        let visible = state["visible"] as? [[String: Any]] ?? []
        let offset = (state["offset"] as? NSNumber)?.doubleValue ?? -1
        let top = visible.compactMap { tile -> (y: Double, x: Double, name: String)? in
            guard let rect = tile["screen"] as? [String: Any], let path = tile["path"] as? String,
                  let y = (rect["y"] as? NSNumber)?.doubleValue, let x = (rect["x"] as? NSNumber)?.doubleValue,
                  let height = (rect["h"] as? NSNumber)?.doubleValue, y + height > 0 else { return nil }
            return (y, x, (path as NSString).lastPathComponent)
        }.min { ($0.y, $0.x) < ($1.y, $1.x) }?.name
        let scrubber = state["scrubber"] as? [String: Any]
        return (top, scrubber?["label"] as? String, state["mode"] as? String, offset)
    }

    @Test("dragging the rail scrolls the wall to the month its label shows, and Esc during a drag puts the wall back")
    func dragToMonth() async throws {
        let folder = try PhotoFolder()
        let plain = try folder.photo("plain.jpg", width: 320, height: 240, colour: "#406080")
        let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        unlink(plain)
        var labelOf: [String: String] = [:]
        for i in 0..<Self.count {
            let photo = Self.taken(i)
            var exif = ExifFixture()
            exif.dateTaken = photo.exif
            _ = try folder.write(photo.name, exif.inserted(into: jpeg))
            labelOf[photo.name] = photo.label
        }
        let cacheHome = TemporaryFolder("cascade-scrubber-cache")
        let server = try await XServer()
        defer { server.stop() }
        let socket = NSTemporaryDirectory() + "cascade-scrubber-" + UUID().uuidString.prefix(8) + ".sock"
        defer { unlink(socket) }
        let child = try ChildProcess(cascadeBinary, [
            folder.path, "--geometry", "800x600", "--columns", "4", "--sort=date", "--control", socket,
        ], environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome.path])
        defer { child.stop() }
        do {
            let control = try await ControlConnection(socket)
            #expect(try await eventually {
                let state = try await control.data(["get-state"]) as? [String: Any]
                return (state?["count"] as? NSNumber)?.intValue == Self.count
            }, "the wall never had its \(Self.count) photos")
            let display = server.display
            let window = try await display.waitForWindow(class: "cascade")
            try await display.xdotool(["windowfocus", window], allowFailure: true)

            // Press on the rail (the window's last pixels) near its top, drag two thirds down, hold.
            var arguments = ["mousemove", "--window", window, "794", "40", "mousedown", "1"]
            for y in stride(from: 60, through: 400, by: 20) {
                arguments += ["sleep", "0.016", "mousemove", "--window", window, "794", "\(y)"]
            }
            try await display.xdotool(arguments)
            var seen = try await look(control)
            #expect(try await eventually { seen = try await look(control); return seen.mode == "scrubber" && seen.label != nil },
                    "no scrubber label while the button is held: \(seen)")
            #expect(seen.offset > 300, "the drag did not move the wall: \(seen)")
            let top = try #require(seen.top)
            #expect(seen.label == labelOf[top], "label \(seen.label ?? "none"), but the photo at the top (\(top)) is from \(labelOf[top] ?? "?")")

            try await display.xdotool(["mouseup", "1"])
            #expect(try await eventually { seen = try await look(control); return seen.mode == "wall" }, "the drag did not end: \(seen)")
            let after = try await look(control)
            #expect(after.top == top, "letting go moved the wall: the top photo was \(top), is \(after.top ?? "none")")

            // A second drag, cancelled with Esc: the wall goes back to where it was.
            let before = after.offset
            try await display.xdotool(["mousemove", "--window", window, "794", "400", "mousedown", "1",
                                       "sleep", "0.05", "mousemove", "--window", window, "794", "120"])
            #expect(try await eventually { seen = try await look(control); return seen.mode == "scrubber" && abs(seen.offset - before) > 100 },
                    "the second drag did not move the wall: \(seen)")
            try await display.xdotool(["key", "Escape"])
            #expect(try await eventually { seen = try await look(control); return seen.mode == "wall" && abs(seen.offset - before) < 0.5 },
                    "Esc did not put the wall back at \(before): \(seen)")
            try await display.xdotool(["mouseup", "1"])
        } catch {
            throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)")
        }
    }
}
