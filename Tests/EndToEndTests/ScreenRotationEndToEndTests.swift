// A screen on its side (`--rotate`) through the real binary in Xvfb, on a window the X server
// does not turn: the wall is laid out portrait, drawn turned, and a click of X's pointer at a
// point of the window selects the tile drawn there. get-state's rects are the upright picture's.

import Foundation
import Testing
@testable import App
@testable import TestSupport
import Waterfall

@Suite("a screen turned on its side, end to end", .serialized)
struct ScreenRotationEndToEndTests {
    /// The photos' colours as `DaemonEndToEndTests.Service` makes them: photo-NN.png is (NN·5, 0x80, 0x40).
    private func colour(of path: String) -> (r: Int, g: Int, b: Int)? {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return Int(name.dropFirst("photo-".count)).map { ($0 * 5 % 256, 0x80, 0x40) }
    }

    @Test("--rotate 90 in an 800×600 window: a 600-wide wall; each tile's photo is drawn at its turned place, and a click there selects it")
    func clickSelectsTheTileDrawnThere() async throws {
        let service = try await DaemonEndToEndTests.Service(photos: 12, arguments: ["--rotate", "90"])
        try await service.check {
            let (control, window) = try await service.subscribedWall()
            let state = try #require(try await control.data(["get-state"]) as? [String: Any])
            #expect(state["rotate"] as? Int == 90)
            let picture = Size(width: 600, height: 800)
            #expect((state["width"] as? NSNumber)?.doubleValue == picture.width, "the wall is laid out in the turned picture")
            #expect((state["height"] as? NSNumber)?.doubleValue == picture.height)
            let rotation = try #require(ScreenRotation(degrees: 90))
            let tiles = try #require(state["visible"] as? [[String: Any]]).compactMap { tile -> (index: Int, path: String, rect: Rect)? in
                guard let index = tile["index"] as? Int, let path = tile["path"] as? String, let screen = tile["screen"] as? [String: Any],
                      let x = (screen["x"] as? NSNumber)?.doubleValue, let y = (screen["y"] as? NSNumber)?.doubleValue,
                      let w = (screen["w"] as? NSNumber)?.doubleValue, let h = (screen["h"] as? NSNumber)?.doubleValue else { return nil }
                return (index, path, Rect(x: x, y: y, width: w, height: h))
            }.filter { $0.rect.minY >= 0 && $0.rect.maxY <= picture.height }
            try #require(tiles.count >= 3, "whole tiles on screen: \(tiles)")

            let frame = try await service.server.display.waitUntilStill(window)
            #expect(frame.width == 800 && frame.height == 600)
            for tile in tiles {
                let drawn = rotation.physicalRect(tile.rect, inLogical: picture)
                let seen = frame.pixel(Int(drawn.midX), Int(drawn.midY))
                let expected = try #require(colour(of: tile.path))
                #expect(close(seen, expected), "tile \(tile.index) drawn at \(drawn) shows \(seen), not its photo's \(expected)")
            }

            let tile = try #require(tiles.last { $0.index > 0 })
            let drawn = rotation.physicalRect(tile.rect, inLogical: picture)
            try await service.server.display.xdotool(["mousemove", "--window", window, "\(Int(drawn.midX))", "\(Int(drawn.midY))", "click", "1"])
            let selected = try await control.event("selected")
            #expect(selected["index"] as? Int == tile.index, "a click at (\(Int(drawn.midX)), \(Int(drawn.midY))) selected \(selected)")
        }
    }

    @Test("a reload turns the picture: rotate = 270 in the file, then 0 and SIGHUP: the wall is 800 wide again")
    func reloadTurns() async throws {
        let config = NSTemporaryDirectory() + "cascade-rotate-" + UUID().uuidString + ".toml"
        defer { unlink(config) }
        try "rotate = 270\n".write(toFile: config, atomically: true, encoding: .utf8)
        let service = try await DaemonEndToEndTests.Service(photos: 12, arguments: ["--config", config])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await service.wholeWall(control)
            #expect(try await control.state("rotate", becoming: 270) == 270)
            #expect(try await control.state("width", becoming: 600.0) == 600)
            try "rotate = 0\n".write(toFile: config, atomically: true, encoding: .utf8)
            kill(service.child.pid, SIGHUP)
            #expect(try await control.state("rotate", becoming: 0) == 0)
            #expect(try await control.state("width", becoming: 800.0) == 800)
        }
    }
}
