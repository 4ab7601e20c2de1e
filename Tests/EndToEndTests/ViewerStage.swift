// The stage of the viewer's end-to-end suite: one X server, one folder of photos in known colours
// and the wall's manifest from `cascade render`, shared by every test of the suite.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

// MARK: - The stage: one X server, one folder of photos and its manifest for the whole suite

struct PhotoColour: Sendable {
    let hex: String
    let rgb: (r: Int, g: Int, b: Int)

    /// Distinct, saturated colours: hues 9° apart with alternating lightness keep every pair at least
    /// 26 levels apart in some channel, so a pixel names its photo; none is near the dark theme greys.
    static func palette(_ count: Int) -> [PhotoColour] {
        (0..<count).map { i in
            let rgb = hsl(hue: Double(i * 9).truncatingRemainder(dividingBy: 360), saturation: 0.75,
                          lightness: i % 2 == 0 ? 0.6 : 0.45)
            return PhotoColour(hex: String(format: "#%02x%02x%02x", rgb.r, rgb.g, rgb.b), rgb: rgb)
        }
    }

    private static func hsl(hue: Double, saturation s: Double, lightness l: Double) -> (r: Int, g: Int, b: Int) {
        let c = (1 - abs(2 * l - 1)) * s
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        let m = l - c / 2
        func level(_ v: Double) -> Int { Int(((v + m) * 255).rounded()) }
        return (level(r), level(g), level(b))
    }
}

struct ViewerStage: Sendable {
    let display: XDisplay
    let folder: String
    let cacheHome: String
    let manifest: WallManifest
    /// The colour of every photo, by the path the manifest and the events name.
    let colours: [String: PhotoColour]

    @TaskLocal static var current: ViewerStage?

    static let photoCount = 40
    static let windowWidth = 800, windowHeight = 600
}

/// Starts a private Xvfb and makes the photo folder once for the suite; everything is stopped and
/// removed when the suite ends, whether its tests passed or not.
struct ViewerStageTrait: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let server = try await XServer()
        defer { server.stop() }
        let folder = try PhotoFolder()
        let cacheHome = NSTemporaryDirectory() + "cascade-e2e-cache-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: cacheHome)
            withExtendedLifetime(folder) {}
        }

        // Varied shapes (portrait, landscape, square) and all three common formats.
        let shapes = [(400, 300), (300, 450), (500, 500), (640, 360), (360, 640), (600, 400), (300, 600), (450, 300), (420, 560)]
        let formats = ["jpg", "png", "webp"]
        let palette = PhotoColour.palette(ViewerStage.photoCount)
        var colourByName: [String: PhotoColour] = [:]
        for i in 0..<ViewerStage.photoCount {
            let name = String(format: "photo-%02d.%@", i + 1, formats[i % formats.count])
            let (w, h) = shapes[i % shapes.count]
            try folder.photo(name, width: w, height: h, colour: palette[i].hex)
            colourByName[name] = palette[i]
        }

        let manifest = try await renderedManifest(of: folder.path, width: ViewerStage.windowWidth, cacheHome: cacheHome)
        var colours: [String: PhotoColour] = [:]
        for tile in manifest.tiles {
            colours[tile.path] = colourByName[URL(fileURLWithPath: tile.path).lastPathComponent]
        }

        let stage = ViewerStage(display: server.display, folder: folder.path, cacheHome: cacheHome,
                                manifest: manifest, colours: colours)
        try await ViewerStage.$current.withValue(stage) { try await function() }
    }
}

extension Trait where Self == ViewerStageTrait {
    static var viewerStage: Self { Self() }
}

/// Where `cascade render` puts every tile of `folder` on a wall `width` wide, 3 columns, margin
/// 10, no captions — the layout the viewer shows in a window of that width.
func renderedManifest(of folder: String, width: Int, cacheHome: String) async throws -> WallManifest {
    // Beside the folder, not in it: the viewer must see only the photos.
    let manifestFile = NSTemporaryDirectory() + "cascade-e2e-manifest-" + UUID().uuidString + ".json"
    let pictureFile = NSTemporaryDirectory() + "cascade-e2e-wall-" + UUID().uuidString + ".png"
    defer {
        try? FileManager.default.removeItem(atPath: manifestFile)
        try? FileManager.default.removeItem(atPath: pictureFile)
    }
    let render = try await runTool(cascadeBinary, [
        "render", folder, "--width", "\(width)", "--columns", "3", "--margin", "10",
        "--no-captions", "--out", pictureFile, "--manifest", manifestFile,
    ], environment: ["XDG_CACHE_HOME": cacheHome])
    guard render.status == .exited(0) else { throw HarnessError("cascade render: \(render.status)") }
    return try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
}
