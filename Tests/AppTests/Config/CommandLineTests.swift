import Foundation
import Testing
@testable import TestSupport

/// The real `cascade` binary, as a user runs it.
private func cascade(_ arguments: [String], environment: [String: String] = [:],
                     launcher: [String] = []) throws -> (status: Int32, out: String, err: String) {
    try cascadeRun(arguments, environment: environment, withoutDisplay: false, launcher: launcher)
}

@Suite("the cascade binary", .serialized)
struct CommandLineTests {
    let cache = NSTemporaryDirectory() + "cascade-cli-cache-" + UUID().uuidString

    @Test("render: exit 0 with a PNG and manifest; a FIFO and a symlink loop in the folder change nothing")
    func renderWorks() throws {
        let folder = try PhotoFolder()
        try folder.photo("one.jpg", width: 300, height: 200, colour: "red")
        try folder.photo("two.png", width: 200, height: 300, colour: "blue")
        #expect(mkfifo(folder.path + "/pipe.jpg", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/loop", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop/again", withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/zero.jpg", withDestinationPath: "/dev/zero")
        let r = try cascade(["render", folder.path, "--width", "500", "--out", folder.path + "/w.png",
                             "--manifest", folder.path + "/w.json"], environment: ["XDG_CACHE_HOME": cache])
        #expect(r.status == 0, "\(r.err)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/w.json"))) as? [String: Any]
        #expect((manifest?["tiles"] as? [Any])?.count == 2)
    }

    @Test("render and cache warm take a photo whose name is not UTF-8, as a file manager passes it")
    func namesThatAreNotUTF8() throws {
        let folder = try PhotoFolder()
        try folder.photo("p.jpg", width: 300, height: 200, colour: "red")
        try folder.photo("other.jpg", width: 200, height: 300, colour: "blue")
        let name = try ByteName(renaming: "p.jpg", to: "p~.jpg", in: folder.path)
        let render = try cascade(["render", "@@", "--width", "500", "--out", folder.path + "/w.png", "--manifest", folder.path + "/w.json"],
                                 environment: ["XDG_CACHE_HOME": cache], launcher: name.launcher)
        #expect(render.status == 0, "\(render.err)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/w.json"))) as? [String: Any]
        let tiles = manifest?["tiles"] as? [[String: Any]] ?? []
        // One file named: its folder's wall, that file among the others, decoded.
        #expect(tiles.count == 2 && tiles.allSatisfy { $0["status"] as? String == "ok" }, "\(tiles)")
        #expect(tiles.contains { ($0["uri"] as? String)?.hasSuffix("/p%FE.jpg") == true }, "\(tiles)")

        let warm = try cascade(["cache", "warm", "@@"], environment: ["XDG_CACHE_HOME": cache], launcher: name.launcher)
        #expect(warm.status == 0 && (warm.out + warm.err).contains("1 made"), "\(warm.out) \(warm.err)")
    }

    @Test("files named that are no photos are a one-line error and status 1, not an empty window")
    func notPhotosNamed() throws {
        let folder = try PhotoFolder()
        let notes = try folder.write("notes.txt", Array("a shopping list\n".utf8))
        let data = try folder.write("data.bin", [UInt8](repeating: 7, count: 64))
        // The dummy driver opens no window a test could wait on: a wrong start runs until the timeout.
        let launcher = ["/usr/bin/timeout", "20"], environment = ["SDL_VIDEODRIVER": "dummy", "XDG_CACHE_HOME": folder.path + "/cache"]
        let alone = try cascade([notes], environment: environment, launcher: launcher)
        #expect(alone.status == 1 && alone.err.hasSuffix("Error: \(notes): not an image\n"), "\(alone.status): \(alone.err)")
        let two = try cascade([notes, data], environment: environment, launcher: launcher)
        #expect(two.status == 1 && two.err.contains("\(notes): not an image") && two.err.contains("\(data): not an image"), "\(two.err)")
    }

    @Test("render: a missing folder and an unwritable output exit non-zero with a clear message")
    func renderFailsClearly() throws {
        let missing = try cascade(["render", "/no/such/folder", "--width", "500", "--out", "/tmp/x.png"])
        #expect(missing.status != 0)
        #expect(missing.err.contains("no such file or folder: /no/such/folder"))
        let folder = try PhotoFolder()
        try folder.photo("one.jpg", width: 300, height: 200, colour: "red")
        let unwritable = try cascade(["render", folder.path, "--width", "500", "--out", "/proc/w.png"])
        #expect(unwritable.status != 0)
        #expect(unwritable.err.contains("cannot write /proc/w.png"))
        let noWidth = try cascade(["render", folder.path, "--out", "/tmp/x.png"])
        #expect(noWidth.status != 0)
        #expect(noWidth.err.contains("--width"))
    }

    @Test("cache warm: makes thumbnails, then finds them valid; a broken photo counts as failed")
    func cacheWarm() throws {
        let folder = try PhotoFolder()
        try folder.photo("one.jpg", width: 900, height: 600, colour: "red")
        try folder.photo("two.webp", width: 600, height: 900, colour: "blue")
        _ = try folder.write("broken.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + [UInt8](repeating: 1, count: 50))
        let first = try cascade(["cache", "warm", folder.path], environment: ["XDG_CACHE_HOME": cache])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("3 photos: 2 made, 0 already valid, 1 failed"))
        let second = try cascade(["cache", "warm", folder.path], environment: ["XDG_CACHE_HOME": cache])
        #expect(second.out.contains("3 photos: 0 made, 2 already valid, 1 failed"))
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails/large")
        #expect(thumbnails.filter { $0.hasSuffix(".png") }.count == 2)
    }

    @Test("bench --decode times one photo to a tile; a file that is no photo is a clear error")
    func benchDecode() throws {
        let folder = try PhotoFolder()
        let photo = try folder.photo("big.jpg", width: 1600, height: 1200, colour: "red")
        let r = try cascade(["bench", "--decode", photo, "--json"])
        #expect(r.status == 0, "\(r.err)")
        let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Double]
        #expect((object?["decode_tile_ms"] ?? 0) > 0)
        let text = try folder.write("notes.jpg", Array("not a photo".utf8))
        let bad = try cascade(["bench", "--decode", text])
        #expect(bad.status != 0)
        #expect(bad.err.contains("notes.jpg"))
    }

    @Test("bench --json prints exactly the documented keys")
    func benchKeys() throws {
        let r = try cascade(["bench", "--items", "2000", "--json"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        #expect(Set(object?.keys ?? [:].keys) == ["layout_ms", "layout_sections_ms", "append_us", "visible_query_us", "frame_prep_ms",
                                                  "frame_prep_ratio_vs_1k", "reuse_rate_after_warmup", "rss_mb"])
    }

    @Test("bench --direction horizontal measures a wall of rows with the same figures")
    func benchHorizontal() throws {
        let json = try cascade(["bench", "--items", "2000", "--direction", "horizontal", "--json"])
        #expect(json.status == 0, "\(json.err)")
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect(Set(object?.keys ?? [:].keys) == ["layout_ms", "layout_sections_ms", "append_us", "visible_query_us", "frame_prep_ms",
                                                  "frame_prep_ratio_vs_1k", "reuse_rate_after_warmup", "rss_mb"])
        let table = try cascade(["bench", "--items", "2000", "--direction", "horizontal"])
        #expect(table.status == 0 && table.out.contains("auto rows, scrolling sideways"), "\(table.out)")
        let wrong = try cascade(["bench", "--direction", "diagonal"])
        #expect(wrong.status != 0 && wrong.err.contains("--direction"), "\(wrong.err)")
    }
}
