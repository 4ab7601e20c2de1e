import Foundation
import Testing
@testable import App
import Photos
import Screen
import Waterfall
@testable import TestSupport

@Suite("cascade render", .serialized)
@MainActor
struct RenderTests {
    /// Render writes thumbnails as a side effect: each test's go to a folder of its own, named in
    /// the job (suites run side by side in one process, so never through its environment).
    let cache = TemporaryFolder("cascade-render-cache")

    let colours: [(name: String, w: Int, h: Int, hex: String, rgb: (r: Int, g: Int, b: Int))] = [
        ("a.jpg", 400, 300, "#d03030", (208, 48, 48)),
        ("b.png", 300, 600, "#30a040", (48, 160, 64)),
        ("c.webp", 500, 500, "#3050d0", (48, 80, 208)),
        ("d.jpg", 800, 200, "#e0c020", (224, 192, 32)),
        ("e.png", 200, 900, "#a030c0", (160, 48, 192)),
        ("f.jpg", 640, 480, "#20c0c0", (32, 192, 192)),
    ]

    func makeFolder() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for c in colours { try folder.photo(c.name, width: c.w, height: c.h, colour: c.hex) }
        return folder
    }

    /// The folder's wall at `width` in `columns`, 10-px margins, no captions, with a manifest.
    func renderJob(paths: [String], width: Int, output: String) -> RenderJob {
        var job = RenderJob(paths: paths, width: width, output: output)
        job.cacheEnvironment = ["XDG_CACHE_HOME": cache.path]
        return job
    }

    func wallJob(_ folder: PhotoFolder, width: Int, columns: Int) -> RenderJob {
        var job = renderJob(paths: [folder.path], width: width, output: folder.path + "/wall.png")
        job.manifest = folder.path + "/wall.json"
        job.style = WallStyle(columns: .fixed(columns), margins: Margins(all: 10), captions: false)
        return job
    }

    @Test("the manifest's rects are the engine's layout, and each tile shows its own photo")
    func tilesShowTheirPhotos() throws {
        let folder = try makeFolder()
        let job = wallJob(folder, width: 640, columns: 3)
        let summary = try WallRender.run(job)
        #expect(summary.tiles == 6 && summary.errors == 0)

        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
        var layout = WaterfallLayout(width: 640, columns: .fixed(3), margins: Margins(all: 10))
        layout.setHeights(colours.map { TileSizing.tileHeight(cellWidth: layout.laneBreadth, displayed: Size(width: Double($0.w), height: Double($0.h))) })
        #expect(manifest.tiles.count == 6)
        #expect(manifest.columns == 3 && manifest.cellWidth == layout.laneBreadth)
        #expect(manifest.height == (layout.contentLength).rounded(.up))

        let png = try loadPNG(job.output)
        #expect(png.width == 640 && Double(png.height) == manifest.height)
        for tile in manifest.tiles {
            #expect(tile.rect == WallManifest.ManifestRect(layout.frame(at: tile.index)))
            #expect(tile.status == "ok")
            let expected = colours[tile.index]
            #expect(tile.path.hasSuffix("/" + expected.name))
            #expect(tile.size == WallManifest.ManifestSize(w: expected.w, h: expected.h))
            let centre = png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(centre, expected.rgb), "tile \(tile.index) shows \(centre), not \(expected.rgb)")
        }
        // The margins are the wall's background, not a photo.
        let margin = png.rgb(3, 3)
        #expect(!colours.contains { close(margin, $0.rgb) })
    }

    @Test("tiles wider than an x-large thumbnail each show their photo, cut from its own decode; render stores x-large, no larger")
    func wideTilesStoreXLarge() throws {
        let folder = try makeFolder()
        let job = wallJob(folder, width: 1500, columns: 2)
        #expect(try WallRender.run(job).errors == 0)
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
        let png = try loadPNG(job.output)
        let thumbnails = cache.path + "/thumbnails/"
        for tile in manifest.tiles {
            let expected = colours[tile.index]
            let centre = png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(centre, expected.rgb), "tile \(tile.index) shows \(centre), not \(expected.rgb)")
            let name = ThumbnailCache.fileName(forURI: tile.uri)
            // The photos smaller than x-large need no thumbnail at all.
            if max(expected.w, expected.h) > 512 {
                #expect(FileManager.default.fileExists(atPath: thumbnails + "x-large/" + name), "\(expected.name)")
            }
            #expect(!FileManager.default.fileExists(atPath: thumbnails + "xx-large/" + name), "\(expected.name)")
        }
    }

    @Test("HEIC, AVIF and JPEG XL through the binary's decode workers: each tile its photo, a turned AVIF laid out turned")
    func heifAndAVIF() throws {
        let folder = try PhotoFolder()
        try Self.heifAVIFAndJXL(in: folder)
        let out = folder.path + "/wall.png", manifestFile = folder.path + "/wall.json"
        let r = try cascadeRun(["render", folder.path, "--width", "640", "--columns", "2", "--no-captions", "--out", out,
                                "--manifest", manifestFile], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(r.status == 0, "\(r.err)")
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        let png = try loadPNG(out)
        let expected: [String: (size: WallManifest.ManifestSize, rgb: (r: Int, g: Int, b: Int))] = [
            "a.heic": (.init(w: 300, h: 400), (208, 48, 48)),
            // Stored 400×200, turned a quarter: shown 200×400.
            "b.avif": (.init(w: 200, h: 400), (48, 80, 208)),
            "c.jxl": (.init(w: 320, h: 240), (48, 160, 64)),
        ]
        #expect(manifest.tiles.count == 3)
        for tile in manifest.tiles {
            let name = (tile.path as NSString).lastPathComponent
            let want = try #require(expected[name])
            #expect(tile.status == "ok" && tile.size == want.size, "\(name): \(tile.status) \(tile.size)")
            let centre = png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(centre, want.rgb, tolerance: 16), "\(name) shows \(centre)")
        }
    }

    @Test("without libheif and libjxl on the machine, their photos are error tiles that say which library, and the rest is drawn",
          .enabled(if: getuid() == 0, "hiding an installed library takes a mount namespace (unshare -m), which needs root"))
    func withoutOptionalLibraries() throws {
        let folder = try PhotoFolder()
        try Self.heifAVIFAndJXL(in: folder)
        _ = try folder.photo("d.png", width: 320, height: 240, colour: "#e0c020")
        // The libraries as the dynamic linker finds them, each hidden behind an empty file in a
        // mount namespace of cascade's own: as on a machine without libheif1 and libjxl0.7.
        let libraries = ["libheif.so.1", "libjxl.so.0.7"].map { "/usr/lib/x86_64-linux-gnu/" + $0 }
        try #require(libraries.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "the libraries are not installed here")
        let hide = libraries.map { "mount --bind /dev/null \($0)" }.joined(separator: " && ")
        let out = folder.path + "/wall.png", manifestFile = folder.path + "/wall.json"
        let r = try cascadeRun(["render", folder.path, "--width", "640", "--columns", "2", "--no-captions", "--out", out,
                                "--manifest", manifestFile], environment: ["XDG_CACHE_HOME": cache.path],
                               launcher: ["/usr/bin/unshare", "-m", "--", "/bin/sh", "-c", hide + " && exec \"$0\" \"$@\""])
        #expect(r.status == 0, "\(r.err)")
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        let tiles = Dictionary(manifest.tiles.map { (($0.path as NSString).lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(tiles.count == 4)
        for (name, library) in [("a.heic", "libheif"), ("b.avif", "libheif"), ("c.jxl", "libjxl")] {
            #expect(tiles[name]?.status == "error", "\(name): \(String(describing: tiles[name]?.status))")
            #expect(tiles[name]?.error?.contains("needs \(library)") == true, "\(name): \(tiles[name]?.error ?? "no reason")")
        }
        let png = try loadPNG(out)
        let plain = try #require(tiles["d.png"])
        #expect(plain.status == "ok")
        #expect(close(png.rgb(Int(plain.rect.x + plain.rect.w / 2), Int(plain.rect.y + plain.rect.h / 2)), (224, 192, 32)))
    }

    /// a.heic (300 × 400, red), b.avif (stored 400 × 200 and turned a quarter, blue) and c.jxl
    /// (320 × 240, green), made by the formats' reference encoders.
    static func heifAVIFAndJXL(in folder: PhotoFolder) throws {
        // Truecolour sources: heif-enc reads a one-colour palette PNG wrongly.
        try magick(["-size", "300x400", "xc:#d03030", "-define", "png:color-type=2", folder.path + "/red.png"])
        try magick(["-size", "400x200", "xc:#3050d0", "-define", "png:color-type=2", folder.path + "/blue.png"])
        try magick(["-size", "320x240", "xc:#30a040", "-define", "png:color-type=2", folder.path + "/green.png"])
        for (tool, arguments) in [("/usr/bin/heif-enc", ["-q", "90", "-o", folder.path + "/a.heic", folder.path + "/red.png"]),
                                  ("/usr/bin/avifenc", ["-s", "10", "--irot", "1", folder.path + "/blue.png", folder.path + "/b.avif"]),
                                  ("/usr/bin/cjxl", [folder.path + "/green.png", folder.path + "/c.jxl", "-d", "1"])] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = arguments
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(tool)")
        }
        for png in ["red.png", "blue.png", "green.png"] { try FileManager.default.removeItem(atPath: folder.path + "/" + png) }
    }

    @Test("captions add a strip under every photo; --no-captions removes it")
    func captions() throws {
        let folder = try makeFolder()
        var job = renderJob(paths: [folder.path], width: 640, output: folder.path + "/with.png")
        job.manifest = folder.path + "/with.json"
        job.style = WallStyle(columns: .fixed(3), margins: Margins(all: 10), captions: true)
        _ = try WallRender.run(job)
        let with = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
        let png = try loadPNG(job.output)
        let tile = with.tiles[0]
        // Photo a is 4:3 → its photo part is cellWidth × 0.75, then a 22 px caption strip.
        #expect(tile.rect.h == (with.cellWidth ?? 0) * 0.75 + 22)
        let strip = png.rgb(Int(tile.rect.x + 3), Int(tile.rect.y + tile.rect.h - 3))
        #expect(!close(strip, colours[0].rgb))
        #expect(close(png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + 20)), colours[0].rgb))

        job.style.captions = false
        job.manifest = folder.path + "/without.json"
        _ = try WallRender.run(job)
        let without = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
        #expect(without.tiles[0].rect.h == (without.cellWidth ?? 0) * 0.75)
    }

    @Test("a corrupt photo becomes an error tile with its reason, a truncated JPEG a partial one; the wall is still made")
    func errorTile() throws {
        let folder = try makeFolder()
        let good = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.jpg"))
        _ = try folder.write("g-truncated.jpg", Array(good.prefix(good.count / 3)))
        _ = try folder.write("h-garbage.png", Array("\u{89}PNG\r\n\u{1A}\n".utf8) + [UInt8](repeating: 7, count: 200))
        var job = renderJob(paths: [folder.path], width: 640, output: folder.path + "/wall.png")
        job.manifest = folder.path + "/wall.json"
        job.style.captions = false
        let summary = try WallRender.run(job)
        #expect(summary.tiles == 8)
        #expect(summary.errors == 1)
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
        let errors = manifest.tiles.filter { $0.status == "error" }
        #expect(errors.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["h-garbage.png"])
        #expect(errors.allSatisfy { ($0.error ?? "").isEmpty == false })
        let partial = manifest.tiles.filter { $0.status == "partial" }
        #expect(partial.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["g-truncated.jpg"])
        #expect(partial.first?.error == "truncated file")
    }

    @Test("odd file names are just names: the URI keeps every byte")
    func oddNames() throws {
        let folder = try PhotoFolder()
        try folder.photo("$(reboot);.jpg", width: 300, height: 200, colour: "red")
        try folder.photo("-leading dash.jpg", width: 300, height: 200, colour: "blue")
        try folder.photo("new\nline.jpg", width: 300, height: 200, colour: "green")
        let latin1 = folder.path + "/caf\u{E9}.jpg"
        try magick(["-size", "300x200", "xc:yellow", latin1])
        // A name that is not UTF-8: the Latin-1 byte 0xE9 alone.
        let raw = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let renamed = raw.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { rename(latin1, $0.baseAddress!) }
        }
        #expect(renamed == 0)
        var job = renderJob(paths: [folder.path], width: 640, output: folder.path + "/wall.png")
        job.manifest = folder.path + "/wall.json"
        let summary = try WallRender.run(job)
        #expect(summary.tiles == 4 && summary.errors == 0)
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
        let uris = Set(manifest.tiles.map(\.uri))
        #expect(uris.contains { $0.hasSuffix("/$(reboot)%3B.jpg") })
        #expect(uris.contains { $0.hasSuffix("/new%0Aline.jpg") })
        #expect(uris.contains { $0.hasSuffix("/caf%E9.jpg") })
    }

    @Test("a missing folder or an unwritable output is a clear error, before any work")
    func badArguments() throws {
        let folder = try makeFolder()
        let missing = renderJob(paths: [folder.path + "/nope"], width: 600, output: folder.path + "/w.png")
        #expect { try WallRender.run(missing) } throws: { "\($0)".contains("no such file or folder") }
        let unwritable = renderJob(paths: [folder.path], width: 600, output: "/nonexistent-dir/w.png")
        #expect { try WallRender.run(unwritable) } throws: { "\($0)".contains("cannot write /nonexistent-dir/w.png") }
    }

    @Test("a translucent PNG sits on the tile colour, not on the wall, whether its thumbnail is made or reused")
    func translucentPhotoSitsOnTheTileColour() throws {
        let folder = try PhotoFolder()
        // Half-transparent white, and fully transparent; 600 px wide, so a thumbnail is made.
        try folder.photo("half.png", width: 600, height: 400, colour: "#ffffff80")
        try folder.photo("clear.png", width: 600, height: 400, colour: "#00000000")
        let out = try PhotoFolder()  // not in the folder shown: the second run would show the first's wall
        var job = renderJob(paths: [folder.path], width: 500, output: out.path + "/wall.png")
        job.manifest = out.path + "/wall.json"
        job.style = WallStyle(columns: .fixed(2), margins: Margins(all: 10), captions: false)
        let tile = Theme.standard.placeholder
        let half = (r: (255 + Int(tile.red)) / 2, g: (255 + Int(tile.green)) / 2, b: (255 + Int(tile.blue)) / 2)
        for run in ["thumbnails made", "thumbnails reused"] {
            #expect(try WallRender.run(job).tiles == 2)
            let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: job.manifest!)))
            let png = try loadPNG(job.output)
            for placed in manifest.tiles {
                let centre = png.rgb(Int(placed.rect.x + placed.rect.w / 2), Int(placed.rect.y + placed.rect.h / 2))
                let expected = placed.path.hasSuffix("/half.png") ? half : (Int(tile.red), Int(tile.green), Int(tile.blue))
                #expect(close(centre, expected, tolerance: 3), "\(run): \(placed.path) shows \(centre), not \(expected)")
            }
        }
    }

    @Test("an empty folder renders an empty wall")
    func emptyFolder() throws {
        let folder = try PhotoFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        var job = renderJob(paths: [folder.path + "/empty"], width: 300, output: folder.path + "/w.png")
        job.manifest = folder.path + "/w.json"
        let summary = try WallRender.run(job)
        #expect(summary.tiles == 0)
        #expect(FileManager.default.fileExists(atPath: job.output))
    }
}
