import Foundation
import Testing
@testable import App
import Photos
import Screen
import Waterfall
@testable import TestSupport

@Suite("cascade render of a horizontal wall", .serialized)
@MainActor
struct HorizontalRenderTests {
    let cache = TemporaryFolder("cascade-hrender-cache")

    /// Six photos, one colour each; `wide.png` is ten times wider than high (clamped to 1:4).
    let colours: [(name: String, w: Int, h: Int, rgb: (r: Int, g: Int, b: Int))] = [
        ("a.png", 400, 300, (208, 48, 48)), ("b.png", 300, 600, (48, 160, 64)), ("c.png", 500, 500, (48, 80, 208)),
        ("d.png", 800, 200, (224, 192, 32)), ("e.png", 200, 900, (160, 48, 192)), ("wide.png", 1000, 100, (32, 192, 192)),
    ]

    func makeFolder() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for c in colours {
            try folder.photo(c.name, width: c.w, height: c.h, colour: String(format: "#%02x%02x%02x", c.rgb.r, c.rgb.g, c.rgb.b))
        }
        return folder
    }

    func job(_ folder: PhotoFolder, height: Int, rows: Int, output: String = "wall") -> RenderJob {
        var job = RenderJob(paths: [folder.path], height: height, output: folder.path + "/\(output).png")
        job.manifest = folder.path + "/\(output).json"
        job.style = WallStyle(columns: .fixed(rows), margins: Margins(all: 10), captions: false, axis: .horizontal)
        job.cacheEnvironment = ["XDG_CACHE_HOME": cache.path]
        return job
    }

    func manifest(_ job: RenderJob) throws -> WallManifest {
        try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
    }

    @Test("a wall H high in rows: the PNG is the wall's length wide, the manifest the engine's turned layout with its rows")
    func wideWall() throws {
        let folder = try makeFolder()
        let job = job(folder, height: 430, rows: 2)
        let summary = try WallRender.run(job)
        var layout = WaterfallLayout(axis: .horizontal, breadth: 430, lanes: .fixed(2), margins: Margins(all: 10))
        layout.setHeights(colours.map {
            TileSizing.tileLength(axis: .horizontal, breadth: layout.laneBreadth, displayed: Size(width: Double($0.w), height: Double($0.h)))
        })
        let width = Int(layout.contentLength.rounded(.up))
        #expect(summary.tiles == 6 && summary.errors == 0 && summary.width == width && summary.height == 430)

        let m = try manifest(job)
        #expect(m.direction == "horizontal" && m.rows == 2 && m.rowHeight == 200)
        #expect(m.columns == nil && m.cellWidth == nil)
        #expect(m.width == Double(width) && m.height == 430)
        let png = try loadPNG(job.output)
        #expect(png.width == width && png.height == 430)
        for tile in m.tiles {
            #expect(tile.rect == WallManifest.ManifestRect(layout.frame(at: tile.index)))
            #expect(tile.rect.h == 200, "every tile is a row high")
            let expected = colours[tile.index]
            let centre = png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(centre, expected.rgb), "\(expected.name) shows \(centre)")
        }
        // The clamped panorama is four row-heights wide, not ten.
        #expect(m.tiles[5].rect.w == 800)
    }

    @Test("a vertical manifest keeps every field it had and says its direction")
    func verticalManifestKeepsItsFields() throws {
        let folder = try makeFolder()
        var job = RenderJob(paths: [folder.path], width: 640, output: folder.path + "/v.png")
        job.manifest = folder.path + "/v.json"
        job.style = WallStyle(columns: .fixed(3), margins: Margins(all: 10), captions: false)
        job.cacheEnvironment = ["XDG_CACHE_HOME": cache.path]
        _ = try WallRender.run(job)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: job.manifest!))) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["width", "height", "direction", "columns", "cellWidth", "margins", "tiles"])
        #expect(object?["direction"] as? String == "vertical" && object?["width"] as? Double == 640 && object?["columns"] as? Int == 3)
    }

    @Test("--width crops a horizontal wall to its first W pixels")
    func cropped() throws {
        let folder = try makeFolder()
        var job = job(folder, height: 430, rows: 2)
        job.width = 300
        let summary = try WallRender.run(job)
        let m = try manifest(job)
        let png = try loadPNG(job.output)
        #expect(png.width == 300 && png.height == 430 && summary.width == 300 && m.width == 300)
        #expect(!m.tiles.isEmpty && m.tiles.allSatisfy { $0.rect.x < 300 } && m.tiles.count < colours.count)
    }

    @Test("a horizontal wall without a height, or longer than a canvas is wide, is refused by name")
    func refusals() throws {
        let folder = try makeFolder()
        var noHeight = job(folder, height: 400, rows: 2)
        noHeight.height = nil
        #expect { try WallRender.run(noHeight) } throws: { "\($0)".contains("needs --height") }
        // One row 4,000 px high: the panorama alone is 16,000 px wide, the wall past 32,767.
        let long = job(folder, height: 4000, rows: 1)
        #expect { try WallRender.run(long) } throws: { "\($0)".contains("render draws at most 32767") && "\($0)".contains("--width") }
        #expect(!FileManager.default.fileExists(atPath: long.output))
    }

    @Test("a wall sorted by date has a vertical band at each section's start, and the section's tiles after it")
    func sectionsAreBands() throws {
        let folder = try makeFolder()
        // File times in three years (no EXIF dates; a year of few photos is one section): a and b,
        // then c and d, then e and wide.
        for (k, c) in colours.enumerated() {
            var times = [timespec(tv_sec: 1_600_000_000 + (k / 2) * 400 * 86_400, tv_nsec: 0)]
            times.append(times[0])
            #expect(utimensat(AT_FDCWD, folder.path + "/" + c.name, &times, 0) == 0)
        }
        var job = job(folder, height: 430, rows: 2)
        job.order = .date
        _ = try WallRender.run(job)
        let m = try manifest(job)
        let sections = try #require(m.sections)
        #expect(sections.map(\.first) == [0, 2, 4] && sections.map(\.count) == [2, 2, 2], "\(sections.map(\.label))")
        for (k, section) in sections.enumerated() {
            #expect(section.rect.w == TileDrawer.headingHeight && section.rect.y == 10 && section.rect.h == 410,
                    "section \(k) is a band across the rows: \(section.rect)")
            let tiles = m.tiles.filter { $0.index >= section.first && $0.index < section.first + section.count }
            #expect(tiles.allSatisfy { $0.rect.x >= section.rect.x + section.rect.w + 10 }, "section \(k)'s tiles start after its band")
            if k > 0 {
                let before = m.tiles.filter { $0.index < section.first }
                #expect(before.allSatisfy { $0.rect.x + $0.rect.w + 10 <= section.rect.x }, "section \(k)'s band is after every earlier tile")
            }
        }
    }
}
