// A screen with many pixels, through the real binary in Xvfb: the scale comes from GDK_SCALE,
// from --scale or from the X server's Xft.dpi, get-state reports it and lays the wall out in
// logical pixels, and a screenshot shows the captions grown by it.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// One cascade window of 800×600 X pixels with captions, its state asked on its socket.
private final class ScaledViewer {
    let child: ChildProcess
    let display: XDisplay
    let socket: String
    let window: String

    struct State: Decodable {
        struct Tile: Decodable {
            struct Box: Decodable { let x: Double; let y: Double; let w: Double; let h: Double }
            let index: Int
            let screen: Box
        }
        let scale: Double
        let width: Double
        let height: Double
        let count: Int
        let moving: Bool?
        let visible: [Tile]
    }

    init(_ arguments: [String], folder: String, display: XDisplay, environment: [String: String]) async throws {
        self.display = display
        socket = NSTemporaryDirectory() + "cascade-scale-" + UUID().uuidString + ".sock"
        let home = NSTemporaryDirectory() + "cascade-scale-home-" + UUID().uuidString
        // A home of its own: Xlib reads ~/.Xdefaults when the server holds no resources, and the
        // toolkits' variables of whoever runs the tests are not this test's.
        let base = ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "HOME": home, "XDG_CACHE_HOME": home + "/cache",
                    "GDK_SCALE": "", "QT_SCALE_FACTOR": ""]
        child = try ChildProcess(cascadeBinary, [folder, "--geometry", "800x600", "--columns", "2", "--control", socket] + arguments,
                                 environment: base.merging(environment) { $1 })
        do {
            window = try await display.waitForWindow(class: "cascade")
        } catch {
            child.stop()
            throw HarnessError("\(error); stderr:\n\(child.errorOutput)")
        }
    }

    deinit {
        child.stop()
        try? FileManager.default.removeItem(atPath: socket)
    }

    func state() async throws -> State {
        let r = try await runTool(cascadeBinary, ["ctl", "--socket", socket, "get-state"])
        guard r.status == .exited(0) else { throw HarnessError("cascade ctl get-state: \(r.status); stderr:\n\(child.errorOutput)") }
        return try JSONDecoder().decode(State.self, from: r.output)
    }

    /// The wall with its first tile in view, once nothing moves on the screen any more.
    func settledWall() async throws -> (State, Frame) {
        var state = try await state()
        try await waitUntil("the wall's first tile in view; stderr:\n\(child.errorOutput)", every: .milliseconds(100)) {
            state = try await self.state()
            return state.count == ScaleEndToEndTests.photoCount && state.visible.contains { $0.index == 0 } && state.moving != true
        }
        let frame = try await display.waitUntilStill(window)
        return (state, frame)
    }

    /// The first tile's caption strip as the screenshot shows it: its height (rows of the
    /// caption's backdrop in a column inside its left padding) and its text's (rows with light
    /// pixels), in X pixels.
    static func caption(of state: State, in frame: Frame) throws -> (strip: Int, text: Int) {
        let tile = try #require(state.visible.first { $0.index == 0 })
        let s = state.scale
        let top = Int((tile.screen.y * s).rounded()), bottom = min(frame.height, Int(((tile.screen.y + tile.screen.h) * s).rounded()))
        let left = Int((tile.screen.x * s).rounded()), right = min(frame.width, Int(((tile.screen.x + tile.screen.w) * s).rounded()))
        let column = left + Int((2 * s).rounded())
        let backdrop = (r: 0x24, g: 0x24, b: 0x27)
        let strip = (top..<bottom).filter { close(frame.pixel(column, $0), backdrop, tolerance: 3) }
        let text = (top..<bottom).filter { y in
            (left..<right).contains { x in let p = frame.pixel(x, y); return p.r > 0x90 && p.g > 0x90 && p.b > 0x90 }
        }
        return (strip.count, text.isEmpty ? 0 : text.max()! - text.min()! + 1)
    }
}

@Suite("a screen with many pixels", .serialized)
struct ScaleEndToEndTests {
    static let photoCount = 4

    /// Grey photos: their pixels are neither the caption's backdrop nor its light text.
    private func photos() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for i in 0..<Self.photoCount {
            try folder.photo(String(format: "photo-%02d.jpg", i + 1), width: 400, height: 300, colour: "#5a3c78")
        }
        return folder
    }

    private func wall(_ arguments: [String] = [], environment: [String: String] = [:], server: XServer,
                      folder: PhotoFolder) async throws -> (ScaledViewer.State, strip: Int, text: Int) {
        let viewer = try await ScaledViewer(arguments, folder: folder.path, display: server.display, environment: environment)
        let (state, frame) = try await viewer.settledWall()
        let caption = try ScaledViewer.caption(of: state, in: frame)
        return (state, caption.strip, caption.text)
    }

    @Test("GDK_SCALE=2: get-state says scale 2 and a wall half as wide; the screenshot's caption is twice as tall, its text too")
    func gdkScale() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let folder = try photos()
        let one = try await wall(server: server, folder: folder)
        #expect(one.0.scale == 1 && one.0.width == 800, "\(one.0.scale) \(one.0.width)")
        #expect(one.strip == 22, "the caption strip at scale 1: \(one.strip) rows")
        #expect(one.text >= 9, "the caption's text at scale 1: \(one.text) rows")

        let two = try await wall(environment: ["GDK_SCALE": "2"], server: server, folder: folder)
        #expect(two.0.scale == 2)
        #expect(two.0.width == 400 && two.0.height == 300, "the wall lays out in logical pixels: \(two.0.width)×\(two.0.height)")
        #expect(two.strip == 44, "the caption strip at scale 2: \(two.strip) rows")
        let ratio = Double(two.text) / Double(max(1, one.text))
        #expect(ratio > 1.7 && ratio < 2.3, "the caption's text \(one.text) → \(two.text) rows")
    }

    @Test("--scale 1.5 wins over GDK_SCALE: scale 1.5 in get-state, the caption half as tall again")
    func scaleOption() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let folder = try photos()
        let more = try await wall(["--scale", "1.5"], environment: ["GDK_SCALE": "3"], server: server, folder: folder)
        #expect(more.0.scale == 1.5)
        #expect(abs(more.0.width - 800 / 1.5) < 0.01, "\(more.0.width)")
        #expect(more.strip == 33, "the caption strip at scale 1.5: \(more.strip) rows")
        #expect(more.text >= 14, "the caption's text at scale 1.5: \(more.text) rows")
    }

    @Test("the X server's Xft.dpi of 192, as xrdb sets it, is scale 2")
    func xftDPI() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let set = try await runTool("/usr/bin/xprop", ["-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", "Xft.dpi:\t192\n"],
                                    environment: server.display.environment)
        #expect(set.status == .exited(0))
        let folder = try photos()
        let two = try await wall(server: server, folder: folder)
        #expect(two.0.scale == 2)
        #expect(two.strip == 44, "the caption strip at 192 dpi: \(two.strip) rows")
    }

    @Test("--scale 0 and --scale abc stop cascade with the range; scale = 0 in a configuration file with its file and line")
    func badScale() async throws {
        for word in ["0", "abc", "nan", "5"] {
            let r = try cascadeRun(["--scale", word], environment: ["DISPLAY": ":0"])
            #expect(r.status == 64)
            #expect(r.err.contains("The value '\(word)' is invalid for '--scale <scale>': must be a number from 0.5 to 4"), "\(r.err)")
        }
        let folder = TemporaryFolder("cascade-scale-config")
        let file = try folder.file("xdg/cascade/config.toml", "columns = 3\nscale = 0\n")
        let r = try cascadeRun([], environment: ["XDG_CONFIG_HOME": folder.path + "/xdg", "HOME": folder.path])
        #expect(r.status == 64)
        #expect(r.err.hasPrefix("Error: \(file):2: key 'scale': The value '0' is invalid for '--scale"), "\(r.err)")
    }
}
