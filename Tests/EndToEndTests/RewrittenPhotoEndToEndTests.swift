// A photo saved again under its own name while it is on screen — an editor's save, a phone's
// sync replacing a file, a script that touches up a folder — must show its new pixels, on the
// wall and open, and leave no thumbnail of its old self in the cache to come back later. The
// real binary in Xvfb; the file rewritten in place (truncated and written, as most editors and
// `cp` do); what is shown read from the screen, the cache read from disk.

import Foundation
import Testing
import Photos
@testable import TestSupport

@Suite("a photo rewritten while it is shown, in a real X server", .serialized)
struct RewrittenPhotoEndToEndTests {
    static let red = (hex: "#d03030", rgb: (r: 0xD0, g: 0x30, b: 0x30))
    static let blue = (hex: "#3050d0", rgb: (r: 0x30, g: 0x50, b: 0xD0))
    static let green = (hex: "#30a040", rgb: (r: 0x30, g: 0xA0, b: 0x40))

    /// `path` rewritten in place with a photo of one colour: same name, same inode, new bytes.
    static func rewrite(_ path: String, colour: String, size: String = "1200x900") throws {
        let made = path + ".new.jpg"
        try magick(["-size", size, "xc:\(colour)", "-quality", "92", made])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: made))
        try FileManager.default.removeItem(atPath: made)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    @Test("the tile and the open photo show the new pixels; the thumbnail cache keeps only the new photo's")
    func rewrittenInPlace() async throws {
        let folder = try PhotoFolder()
        let photo = folder.path + "/a.jpg"
        try magick(["-size", "1200x900", "xc:\(Self.red.hex)", "-quality", "92", photo])
        _ = try folder.photo("b.png", width: 200, height: 150, colour: "#808080")
        _ = try folder.photo("c.png", width: 200, height: 150, colour: "#a0a0a0")
        let cache = folder.path + "/.cache"
        let server = try await XServer()
        defer { server.stop() }
        let socket = "/tmp/cascade-rewrite-" + UUID().uuidString.prefix(8) + ".sock"
        defer { unlink(socket) }
        let child = try ChildProcess(cascadeBinary, [folder.path, "--geometry", "800x600", "--columns", "3", "--no-captions",
                                                     "--control", socket],
                                     environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache])
        defer { child.stop() }
        do {
            let control = try await ControlConnection(socket)
            let window = try await server.display.waitForWindow(class: "cascade")

            /// The centre of a.jpg's tile, as the window shows it now.
            func tileCentre() async throws -> (r: Int, g: Int, b: Int)? {
                let state = try await control.data(["get-state"]) as? [String: Any]
                let tile = (state?["visible"] as? [[String: Any]])?.first { ($0["path"] as? String) == photo }
                guard let screen = tile?["screen"] as? [String: Any],
                      let x = (screen["x"] as? NSNumber)?.doubleValue, let y = (screen["y"] as? NSNumber)?.doubleValue,
                      let w = (screen["w"] as? NSNumber)?.doubleValue, let h = (screen["h"] as? NSNumber)?.doubleValue
                else { return nil }
                return try await server.display.capture(window).pixel(Int(x + w / 2), Int(y + h / 2))
            }
            /// The centres of every thumbnail the cache holds of a.jpg.
            let name = ThumbnailCache.fileName(forURI: PhotoPath(photo).uri)
            func thumbnails() throws -> [(r: Int, g: Int, b: Int)] {
                let sizes = (try? FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails")) ?? []
                return try sizes.compactMap { size in
                    let file = cache + "/thumbnails/" + size + "/" + name
                    guard FileManager.default.fileExists(atPath: file) else { return nil }
                    let png = try loadPNG(file)
                    return png.rgb(png.width / 2, png.height / 2)
                }
            }
            /// The centre of the window, where an open 4:3 photo fills it.
            func windowCentre() async throws -> (r: Int, g: Int, b: Int) {
                try await server.display.capture(window).pixel(400, 300)
            }

            var seen: (r: Int, g: Int, b: Int)?
            try await waitUntil("a.jpg's tile to show red (it shows \(String(describing: seen)))") {
                seen = try await tileCentre()
                return seen.map { close($0, Self.red.rgb) } ?? false
            }
            try await waitUntil("a thumbnail of a.jpg in the cache") { try !thumbnails().isEmpty }

            // Saved again, blue: the tile follows, and the cache holds the blue photo only.
            try Self.rewrite(photo, colour: Self.blue.hex)
            try await waitUntil("a.jpg's tile to show the rewritten photo, blue (it shows \(String(describing: seen)))") {
                seen = try await tileCentre()
                return seen.map { close($0, Self.blue.rgb) } ?? false
            }
            var cached: [(r: Int, g: Int, b: Int)] = []
            try await waitUntil("the cache's thumbnails of a.jpg to be the new photo's (they are \(cached))") {
                cached = try thumbnails()
                return !cached.isEmpty && cached.allSatisfy { close($0, Self.blue.rgb) }
            }

            // Open, then saved again, green: the open photo follows.
            _ = try await control.data(["open", 0])
            var centre = (r: 0, g: 0, b: 0)
            try await waitUntil("the open photo to show blue (it shows \(centre))") {
                centre = try await windowCentre()
                return close(centre, Self.blue.rgb)
            }
            try Self.rewrite(photo, colour: Self.green.hex)
            try await waitUntil("the open photo to show the rewritten photo, green (it shows \(centre))") {
                centre = try await windowCentre()
                return close(centre, Self.green.rgb)
            }
            // And the wall under it, once back.
            _ = try await control.data(["back"])
            try await waitUntil("a.jpg's tile to show green (it shows \(String(describing: seen)))") {
                seen = try await tileCentre()
                return seen.map { close($0, Self.green.rgb) } ?? false
            }
        } catch {
            throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)")
        }
    }
}
