// `cascade render --direction horizontal` held to a reference this test computes itself, not
// the engine's: the rows rule (each photo, in order, into the row whose right end is smallest,
// ties to the top row; x the left margin or the row's end plus the gap; width the row's photo
// height × w ÷ h with the ratio clamped to 0.25…4) gives every tile's rect, and the PNG shows
// at each tile's centre and corners the photo's own pixels there, aspect-filled.

import Foundation
import Testing
@testable import App
import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("A horizontal wall rendered, end to end", .serialized)
struct HorizontalRenderEndToEndTests {
    struct Box: Equatable, CustomStringConvertible {
        var x, y, w, h: Double
        var description: String { "(\(x), \(y), \(w)×\(h))" }
        func matches(_ r: WallManifest.ManifestRect) -> Bool {
            abs(r.x - x) <= 1 && abs(r.y - y) <= 1 && abs(r.w - w) <= 1 && abs(r.h - h) <= 1
        }
    }

    /// The rows rule with every margin and gap `margin`: the photo part of each tile (its frame
    /// less the caption strip under it) and the wall's width.
    static func rows(sizes: [(w: Int, h: Int)], height: Int, rows: Int, margin: Double,
                     caption: Double) -> (photos: [Box], width: Double) {
        let rowHeight = (Double(height) - 2 * margin - Double(rows - 1) * margin) / Double(rows)
        var ends = [Double?](repeating: nil, count: rows)
        var photos: [Box] = []
        for size in sizes {
            let ratio = min(4, max(0.25, Double(size.h) / Double(size.w)))
            let width = (rowHeight - caption) / ratio
            // An empty row ends before every other; among equals the first (the top) wins.
            var row = 0
            for r in 1..<rows where (ends[r] ?? -1) < (ends[row] ?? -1) { row = r }
            let x = ends[row].map { $0 + margin } ?? margin
            photos.append(Box(x: x, y: margin + Double(row) * (rowHeight + margin), w: width, h: rowHeight - caption))
            ends[row] = x + width
        }
        return (photos, (ends.compactMap { $0 }.max() ?? 0) + margin)
    }

    /// The mean colour of the square of `radius` around (x, y).
    static func mean(_ image: DecodedImage, _ x: Double, _ y: Double, radius: Double) -> (r: Int, g: Int, b: Int) {
        let x0 = max(0, Int((x - radius).rounded())), x1 = min(image.width - 1, Int((x + radius).rounded()))
        let y0 = max(0, Int((y - radius).rounded())), y1 = min(image.height - 1, Int((y + radius).rounded()))
        var sum = (0, 0, 0), n = 0
        for py in y0...max(y0, y1) {
            for px in x0...max(x0, x1) {
                let p = image.rgb(px, py)
                sum = (sum.0 + p.r, sum.1 + p.g, sum.2 + p.b)
                n += 1
            }
        }
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }

    /// Compares the wall at the photo's centre and near its four corners with the photo itself
    /// scaled to fill `box` (centred crop); returns the places that differ.
    static func differences(wall: DecodedImage, box: Box, photo: DecodedImage, tolerance: Int) -> [String] {
        let scale = max(box.w / Double(photo.width), box.h / Double(photo.height))
        let cropX = (Double(photo.width) - box.w / scale) / 2, cropY = (Double(photo.height) - box.h / scale) / 2
        let inset = (x: max(6, box.w * 0.15), y: max(6, box.h * 0.15))
        let points = [(box.w / 2, box.h / 2), (inset.x, inset.y), (box.w - inset.x, inset.y),
                      (inset.x, box.h - inset.y), (box.w - inset.x, box.h - inset.y)]
        var found: [String] = []
        for (px, py) in points {
            let shown = mean(wall, box.x + px, box.y + py, radius: 2)
            let own = mean(photo, cropX + px / scale, cropY + py / scale, radius: 2 / scale)
            if !close(shown, own, tolerance: tolerance) { found.append("at (\(Int(px)), \(Int(py))) \(shown), the photo \(own)") }
        }
        return found
    }

    func render(_ arguments: [String], cache: TemporaryFolder) async throws -> (manifest: WallManifest, png: DecodedImage) {
        let out = cache.path + "/wall-" + UUID().uuidString
        let r = try await runTool(cascadeBinary, ["render"] + arguments + ["--out", out + ".png", "--manifest", out + ".json"],
                                  environment: ["XDG_CACHE_HOME": cache.path], timeout: .seconds(120))
        try #require(r.status == .exited(0), "cascade render \(arguments.joined(separator: " ")): \(r.status)")
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + ".json")))
        return (manifest, try loadPNG(out + ".png"))
    }

    @Test("photos of every shape, clamped ones too: rects by the rows rule within a pixel, each tile its photo's pixels, the caption under it")
    func generatedPhotos() async throws {
        let folder = try PhotoFolder()
        let cache = TemporaryFolder("cascade-hrender-cache")
        // Four quadrants and a middle square, each its own colour: a tile turned, mirrored or
        // cropped off-centre shows the wrong one somewhere.
        let sizes: [(w: Int, h: Int)] = [(400, 300), (300, 600), (1000, 100), (100, 900), (500, 500), (640, 360),
                                         (360, 640), (800, 200), (240, 320), (900, 300), (300, 1000), (700, 500)]
        let palette = ["#d03030", "#30a040", "#3050d0", "#e0c020", "#a030c0", "#20c0c0", "#f08020", "#606060"]
        var names: [String] = []
        for (k, size) in sizes.enumerated() {
            let (w, h) = size
            let name = String(format: "p%02d.png", k)
            let c = (0..<5).map { palette[(k + $0 * 3) % palette.count] }
            try magick(["-size", "\(w)x\(h)", "xc:\(c[0])",
                        "-fill", c[1], "-draw", "rectangle \(w / 2),0 \(w - 1),\(h / 2 - 1)",
                        "-fill", c[2], "-draw", "rectangle 0,\(h / 2) \(w / 2 - 1),\(h - 1)",
                        "-fill", c[3], "-draw", "rectangle \(w / 2),\(h / 2) \(w - 1),\(h - 1)",
                        "-fill", c[4], "-draw", "rectangle \(w * 2 / 5),\(h * 2 / 5) \(w * 3 / 5),\(h * 3 / 5)",
                        "-define", "png:color-type=2", folder.path + "/" + name])
            names.append(name)
        }
        let (manifest, png) = try await render([folder.path, "--rows", "3", "--height", "640", "--margin", "10"], cache: cache)

        // The caption strip the window draws: 22 px under every photo.
        let caption = 22.0
        let reference = Self.rows(sizes: sizes, height: 640, rows: 3, margin: 10, caption: caption)
        #expect(manifest.direction == "horizontal" && manifest.rows == 3 && manifest.columns == nil)
        #expect(abs((manifest.rowHeight ?? 0) - 200) < 1e-9, "three rows share 640 less four 10-px margins")
        #expect(png.height == 640 && abs(Double(png.width) - reference.width.rounded(.up)) <= 1,
                "the PNG is \(png.width)×\(png.height), the wall \(reference.width) wide")
        #expect(manifest.width == Double(png.width) && manifest.height == 640)
        #expect(manifest.tiles.map(\.index) == Array(sizes.indices))
        for tile in manifest.tiles {
            let box = reference.photos[tile.index]
            #expect(tile.path.hasSuffix("/" + names[tile.index]) && tile.status == "ok", "\(tile.path): \(tile.status)")
            let frame = Box(x: box.x, y: box.y, w: box.w, h: box.h + caption)
            #expect(frame.matches(tile.rect), "\(names[tile.index]) is at \(tile.rect), the rows rule puts it at \(frame)")
            let photo = try loadPNG(folder.path + "/" + names[tile.index])
            let wrong = Self.differences(wall: png, box: box, photo: photo, tolerance: 12)
            #expect(wrong.isEmpty, "\(names[tile.index]) in \(box): \(wrong)")
            // The strip under the photo is the caption's, not the photo's bottom colour.
            let strip = png.rgb(Int(box.x + 3), Int(box.y + box.h + caption / 2))
            let bottom = Self.mean(photo, 1, Double(photo.height - 2), radius: 0)
            #expect(!close(strip, bottom), "\(names[tile.index]): no caption strip under the photo")
        }
        // The margins are the wall's background: the top margin and the gap after the first tile.
        let first = reference.photos[0]
        let background = png.rgb(Int(first.x + first.w / 2), 4)
        #expect(!palette.contains { hex in
            let v = Int(hex.dropFirst(), radix: 16)!
            return close(background, (v >> 16, (v >> 8) & 255, v & 255))
        }, "the top margin shows \(background)")
    }

    @Test("the sample photos, EXIF-turned ones too, in two rows: rects within a pixel, pixels the photos' own, --width crops")
    func samplePhotos() async throws {
        let cache = TemporaryFolder("cascade-hrender-samples")
        let samples = packageRoot + "/assets/samples"
        // Natural order: photo-2 before photo-10.
        let names = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasPrefix("photo-") }
            .sorted { Int($0.dropFirst(6).prefix { $0.isNumber })! < Int($1.dropFirst(6).prefix { $0.isNumber })! }
        // Each photo upright (its EXIF orientation applied) as a PNG: its size as shown and its own pixels.
        var photos: [DecodedImage] = []
        for name in names {
            let upright = cache.path + "/" + name + ".png"
            try magick([samples + "/" + name + "[0]", "-auto-orient", "-strip", "-define", "png:color-type=2", upright])
            photos.append(try loadPNG(upright))
        }
        let sizes = photos.map { (w: $0.width, h: $0.height) }
        let turned = sizes[names.firstIndex(of: "photo-21.jpg")!]
        #expect(turned.w == 900 && turned.h == 600, "photo-21 is stored turned, shown 900×600: \(turned)")

        let (manifest, png) = try await render([samples, "--direction", "horizontal", "--rows", "2", "--height", "600",
                                                "--margin", "10", "--no-captions"], cache: cache)
        let reference = Self.rows(sizes: sizes, height: 600, rows: 2, margin: 10, caption: 0)
        #expect(png.height == 600 && abs(Double(png.width) - reference.width.rounded(.up)) <= 1)
        #expect(manifest.tiles.count == names.count)
        for tile in manifest.tiles {
            let name = names[tile.index], box = reference.photos[tile.index]
            #expect(tile.path.hasSuffix("/" + name) && tile.status == "ok", "\(tile.path) is not \(name): \(tile.status)")
            #expect(box.matches(tile.rect), "\(name) is at \(tile.rect), the rows rule puts it at \(box)")
            // Photos, not flat colours: a scaled copy differs from the original by its resampling.
            // The GIF carries the motion mark in a corner; its centre is still the photo.
            var wrong = Self.differences(wall: png, box: box, photo: photos[tile.index], tolerance: 40)
            if name.hasSuffix(".gif") { wrong = wrong.filter { $0.hasPrefix("at (\(Int(box.w / 2)), ") } }
            #expect(wrong.isEmpty, "\(name) in \(box): \(wrong)")
        }

        // --width keeps the first W pixels of the same wall, the tiles on it listed.
        let (cropped, part) = try await render([samples, "--rows", "2", "--height", "600", "--width", "1000",
                                                "--margin", "10", "--no-captions"], cache: cache)
        #expect(part.width == 1000 && part.height == 600 && cropped.width == 1000)
        #expect(cropped.tiles.map(\.index).sorted() == manifest.tiles.filter { $0.rect.x < 1000 }.map(\.index).sorted())
        for tile in cropped.tiles where tile.rect.x + tile.rect.w < 995 {
            let c = (Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(part.rgb(c.0, c.1), png.rgb(c.0, c.1), tolerance: 2), "\(tile.path) is drawn as in the whole wall")
        }
    }

    @Test("wrong combinations are refused by name, before any work")
    func refusals() async throws {
        let folder = try PhotoFolder()
        try folder.photo("a.png", width: 300, height: 200, colour: "red")
        let out = folder.path + "/w.png"
        for (arguments, says) in [
            (["--direction", "horizontal", "--width", "800"], "needs --height"),
            (["--rows", "2"], "needs --height"),
            (["--direction", "vertical", "--rows", "2", "--width", "800"], "--rows is for a horizontal wall"),
            (["--height", "600"], "--width"),
        ] {
            let r = try cascadeRun(["render", folder.path] + arguments + ["--out", out], environment: [:])
            #expect(r.status != 0 && r.err.contains(says), "\(arguments): \(r.status) \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
