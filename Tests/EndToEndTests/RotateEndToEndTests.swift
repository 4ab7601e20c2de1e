// `>` on an open photo through the real binary in Xvfb: the JPEG on disk is turned as
// `jpegtran -rotate 90 -perfect` turns it, and the wall's tile takes the turned shape; `rotate
// 270` from a program on the wall's cursor turns it back. A phone's JPEG that only its tag can
// turn is turned for other programs too, and every rotation says what it did.

import Foundation
import Testing
@testable import App
import Photos
@testable import TestSupport
import Waterfall

@Suite("rotating a photo in a real X server", .serialized)
struct RotateEndToEndTests {
    /// The tile of photo `index` in get-state's `visible`, as its rect's width and height.
    static func tileSize(_ data: Any?, index: Int) -> (w: Double, h: Double)? {
        guard let object = data as? [String: Any], let visible = object["visible"] as? [[String: Any]],
              let tile = visible.first(where: { $0["index"] as? Int == index }),
              let rect = tile["rect"] as? [String: Any],
              let w = (rect["w"] as? NSNumber)?.doubleValue, let h = (rect["h"] as? NSNumber)?.doubleValue else { return nil }
        return (w, h)
    }

    /// `bytes` written to `path`, decoded.
    static func pixels(_ path: String, writing bytes: Data) throws -> DecodedImage {
        try bytes.write(to: URL(fileURLWithPath: path))
        return try pixels(path)
    }

    static func pixels(_ path: String) throws -> DecodedImage {
        try PhotoDecoder.decode(path: PhotoPath(path), format: .jpeg, box: PixelSize(width: 4096, height: 4096), mode: .fit)
    }

    /// cascade on one PNG in the service's own folder (index 0), then `folder` (its first photo
    /// index 1), subscribed to `rotated`: photo 1 opened and `>` pressed on it. Also the tile's
    /// size on the wall before.
    static func pressGreaterOnOpenPhoto(in folder: String, arguments: [String] = []) async throws
        -> (service: DaemonEndToEndTests.Service, control: ControlConnection, tile: (w: Double, h: Double)) {
        let service = try await DaemonEndToEndTests.Service(photos: 1, arguments: [folder] + arguments)
        _ = try await service.check { try await service.notify.wait(for: "READY=1") }
        let control = try await ControlConnection(service.socket)
        let window = try await service.server.display.waitForWindow(class: "cascade")
        let tile = try await service.check {
            try await waitFor("the tile of photo 1 on the wall") { tileSize(try await control.data(["get-state"]), index: 1) }
        }
        _ = try await control.data(["subscribe", "rotated"])
        _ = try await control.data(["open", 1])
        try await service.check {
            try await waitUntil("the photo to open") {
                ((try await control.data(["get-state"])) as? [String: Any])?["mode"] as? String == "detail"
            }
        }
        try await service.server.display.xdotool(["windowfocus", window], allowFailure: true)
        _ = try await service.server.display.xdotool(["key", "greater"])
        return (service, control, tile)
    }

    /// With the folders watched the rename is also a folder change; without, the viewer alone
    /// must lay the tile out again.
    @Test("> on a photo turns its file as jpegtran does, and its tile turns portrait", arguments: [[], ["--no-watch"]])
    func rotateOpenPhoto(watching: [String]) async throws {
        let jpegs = try PhotoFolder(), reference = try PhotoFolder()
        let photo = jpegs.path + "/landscape.jpg"
        // 640×480 in four colours, 4:2:0: a whole number of 16-pixel blocks, so the turn is lossless.
        try magick(["-size", "320x240", "xc:red", "-size", "320x240", "xc:lime", "+append",
                    "(", "-size", "320x240", "xc:blue", "-size", "320x240", "xc:yellow", "+append", ")",
                    "-append", "-sampling-factor", "2x2", "-quality", "90", photo])
        let expected = reference.path + "/expected.jpg"
        try await output("/usr/bin/jpegtran", ["-rotate", "90", "-perfect", "-copy", "all", "-outfile", expected, photo])
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))

        let (service, control, landscape) = try await Self.pressGreaterOnOpenPhoto(in: jpegs.path, arguments: watching)
        #expect(landscape.h < landscape.w, "the tile starts landscape: \(landscape)")

        let event = try await service.check { try await control.event("rotated") }
        #expect(event["path"] as? String == photo && event["index"] as? Int == 1 && event["degrees"] as? Int == 90)
        #expect(event["lossless"] as? Bool == true, "\(event)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) != before)
        let ours = try Self.pixels(photo), theirs = try Self.pixels(expected)
        #expect(ours.width == 480 && ours.height == 640)
        #expect(ours.pixels == theirs.pixels, "the file is not turned as jpegtran turns it")
        #expect(try HeaderProbe.probe(PhotoPath(photo)).orientation == .up)

        let portrait = try await service.check {
            try await waitFor("the tile to turn portrait") { () -> (w: Double, h: Double)? in
                guard let size = Self.tileSize(try await control.data(["get-state"]), index: 1), size.h > size.w else { return nil }
                return size
            }
        }
        #expect(abs(portrait.h / portrait.w - 640.0 / 480.0) < 0.02, "the tile is \(portrait)")

        // Back on the wall the cursor is on the photo; `rotate 270` from a program turns it back,
        // and a lossless turn and its inverse give back the very pixels it had.
        let original = try Self.pixels(reference.path + "/original.jpg", writing: before)
        _ = try await control.data(["back"])
        _ = try await control.data(["rotate", 270])
        let back = try await service.check { try await control.event("rotated") }
        #expect(back["degrees"] as? Int == 270 && back["index"] as? Int == 1)
        #expect(try Self.pixels(photo).pixels == original.pixels, "turned and turned back, the photo changed")
        _ = try await service.check {
            try await waitFor("the tile to turn landscape again") { () -> Bool? in
                guard let size = Self.tileSize(try await control.data(["get-state"]), index: 1), size.h < size.w else { return nil }
                return true
            }
        }
    }

    /// What phones write: EXIF (a date, a make) with no orientation tag, and a size that is not a
    /// whole number of 16-pixel blocks, so only the tag can turn it.
    @Test("> on a phone's JPEG turns it on screen and for exiftool and Pillow, and says so; rotate on a GIF is an error reply and notice")
    func rotatePhoneJPEG() async throws {
        let folder = try PhotoFolder()
        let photo = folder.path + "/phone.jpg", gif = folder.path + "/still.gif"
        try magick(["-size", "600x904", "gradient:red-blue", "-sampling-factor", "2x2", "-quality", "90", photo])
        try await output("/usr/bin/exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2022:04:01 10:00:00", "-Make=Phone", photo])
        try magick(["-size", "40x30", "xc:green", gif])

        let (service, control, portrait) = try await Self.pressGreaterOnOpenPhoto(in: folder.path)
        #expect(portrait.h > portrait.w, "the tile starts portrait: \(portrait)")

        let event = try await service.check { try await control.event("rotated") }
        #expect(event["path"] as? String == photo && event["degrees"] as? Int == 90 && event["lossless"] as? Bool == false, "\(event)")
        #expect(try await output("/usr/bin/exiftool", ["-s", "-s", "-n", "-Orientation", "-Make", photo]) == "Orientation: 6\nMake: Phone\n")
        let pillow = "from PIL import Image, ImageOps; import sys; print(*ImageOps.exif_transpose(Image.open(sys.argv[1])).size)"
        #expect(try await output("/usr/bin/python3", ["-c", pillow, photo]) == "904 600\n", "Pillow's EXIF transpose does not see it turned")
        let notice = try await service.check {
            try await waitFor("the notice") { ((try await control.data(["get-state"])) as? [String: Any])?["notice"] as? [String: Any] }
        }
        #expect(notice["text"] as? String == "phone.jpg turned 90° (by its orientation tag)" && notice["error"] as? Bool == false)
        _ = try await control.data(["back"])
        _ = try await service.check {
            try await waitFor("the tile to turn landscape") { () -> Bool? in
                guard let size = Self.tileSize(try await control.data(["get-state"]), index: 1), size.w > size.h else { return nil }
                return true
            }
        }

        // A GIF keeps no orientation: the reply, which waits for the file, is the refusal, and
        // so is the notice; the file is as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: gif))
        _ = try await control.data(["open", 2])
        let reply = try await control.request(["rotate", 90])
        let error = try #require(reply["error"] as? String)
        #expect(error.contains("cannot rotate \(gif)") && error.contains("GIF"), "\(reply)")
        let refusal = try await service.check {
            try await waitFor("the error notice") { () -> [String: Any]? in
                guard let notice = ((try await control.data(["get-state"])) as? [String: Any])?["notice"] as? [String: Any],
                      notice["error"] as? Bool == true else { return nil }
                return notice
            }
        }
        #expect((refusal["text"] as? String)?.contains("GIF") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: gif)) == before)
    }

    /// What `tool` prints on stdout; any exit but 0 throws.
    @discardableResult
    private func output(_ tool: String, _ arguments: [String]) async throws -> String {
        let (status, printed) = try await TestSupport.runTool(tool, arguments)
        guard status == .exited(0) else { throw HarnessError("\(tool) \(arguments): \(status)") }
        return String(decoding: printed, as: UTF8.self)
    }
}
