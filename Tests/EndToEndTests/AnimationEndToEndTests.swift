// An animated GIF, WebP and JPEG XL opened as a desktop image viewer opens them: the real
// binary in Xvfb, the file named on the command line, the window's pixels read back over time
// until every frame's colour has been on screen, in order.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("animations in the detail view", .serialized)
struct AnimationEndToEndTests {
    /// Red, green, blue, 400 ms each, 200×150, looping forever.
    private func makeGIF(_ folder: PhotoFolder) throws -> String {
        let file = folder.path + "/spinner.gif"
        try magick(["-delay", "40", "-size", "200x150", "xc:#e02020", "xc:#20c020", "xc:#2040e0", "-loop", "0", file])
        return file
    }

    /// The colours the middle of the window shows over `seconds`, in the order they came.
    private func coloursSeen(_ server: XServer, _ window: String, seconds: Double) async throws -> [String] {
        var seen: [String] = []
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            let frame = try await server.display.capture(window)
            let (r, g, b) = frame.pixel(frame.width / 2, frame.height / 2)
            let name = r > 150 && g < 100 ? "red" : g > 150 && r < 100 ? "green" : b > 150 && r < 100 ? "blue" : "other"
            if seen.last != name { seen.append(name) }
        }
        return seen
    }

    @Test("a GIF, a WebP and a JPEG XL play their frames, in order, looping", arguments: ["gif", "webp", "jxl"])
    func plays(format: String) async throws {
        let folder = try PhotoFolder()
        var file = try makeGIF(folder)
        // libwebp's and libjxl's own converters keep the GIF's frames and delays.
        let converter = ["webp": ("/usr/bin/gif2webp", ["-quiet"], "-o"), "jxl": ("/usr/bin/cjxl", ["-d", "0"], nil)][format]
        if let (tool, options, outputFlag) = converter {
            let converted = folder.path + "/spinner." + format
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = options + [file] + (outputFlag.map { [$0] } ?? []) + [converted]
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(tool) failed")
            unlink(file)
            file = converted
        }
        let server = try await XServer()
        defer { server.stop() }
        let child = try ChildProcess(cascadeBinary, [file, "--geometry", "400x300"],
                                     environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11",
                                                   "XDG_CACHE_HOME": TemporaryFolder("cascade-anim-cache").path])
        defer { child.stop() }
        let window = try await server.display.waitForWindow(class: "cascade")
        let seen = try await coloursSeen(server, window, seconds: 4).filter { $0 != "other" }
        // Each frame shows for 0.4 s: in 4 s the loop goes round about three times.
        let text = seen.joined(separator: " ")
        #expect(text.contains("red green blue") && text.contains("blue red"), "saw \(seen)\n\(child.errorOutput)")
    }
}
