// A camera library's first screen, the way its owner sees it: every tile shows a picture (the
// EXIF thumbnail each JPEG carries) while the photos are still being decoded, then the photos
// themselves take over. The photos are held in the decode workers by the hold hook (which lets
// previews through), so what is on screen before and after is certain, never a race.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("first pass from the files' own thumbnails", .serialized)
struct FirstPassEndToEndTests {
    @Test("camera JPEGs show their EXIF thumbnails in every tile before any photo is decoded, then the photos")
    func thumbnailsThenPhotos() async throws {
        let folder = try PhotoFolder()
        // Red photos whose EXIF thumbnails are green: what is on screen says which one it is.
        let photo = try folder.photo("source.jpg", width: 2400, height: 1800, colour: "#d02020")
        let thumb = try folder.photo("thumb.jpg", width: 160, height: 120, colour: "#20c020")
        var exif = ExifFixture()
        exif.thumbnail = try [UInt8](Data(contentsOf: URL(fileURLWithPath: thumb)))
        let camera = exif.inserted(into: try [UInt8](Data(contentsOf: URL(fileURLWithPath: photo))))
        for i in 1...9 { _ = try folder.write(String(format: "IMG_%04d.JPG", i), camera) }
        for name in ["source.jpg", "thumb.jpg"] { unlink(folder.path + "/" + name) }

        let hold = NSTemporaryDirectory() + "cascade-hold-" + UUID().uuidString
        FileManager.default.createFile(atPath: hold, contents: Data())
        defer { unlink(hold) }
        let cache = TemporaryFolder("cascade-first-pass-cache")
        let server = try await XServer()
        defer { server.stop() }
        let child = try ChildProcess(cascadeBinary, [folder.path, "--geometry", "800x600", "--columns", "3", "--no-captions"],
                                     environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache.path,
                                                   "CASCADE_DECODER_HOLD_WHILE": hold])
        defer { child.stop() }
        let window = try await server.display.waitForWindow(class: "cascade")
        #expect(try await eventually(within: .seconds(60)) { child.errorOutput.contains("every tile on screen has a picture") }, "\(child.errorOutput)")
        #expect(!child.errorOutput.contains("first full screen"), "no photo can have been decoded yet")
        let previews = try await server.display.waitUntilStill(window)
        for (x, y) in [(130, 100), (400, 100), (670, 300)] {
            #expect(close(previews.pixel(x, y), (32, 192, 32), tolerance: 30), "(\(x), \(y)) shows \(previews.pixel(x, y)) while the photos are held")
        }

        unlink(hold)
        #expect(try await eventually(within: .seconds(60)) { child.errorOutput.contains("first full screen") }, "\(child.errorOutput)")
        let photos = try await server.display.waitUntilStill(window)
        for (x, y) in [(130, 100), (400, 100), (670, 300)] {
            #expect(close(photos.pixel(x, y), (208, 32, 32), tolerance: 30), "(\(x), \(y)) shows \(photos.pixel(x, y)) once decoded")
        }
    }
}
