// What Immich knows of a photo reaches the frame: the date it was taken, the camera, the place
// and the description its owner wrote are in the slideshow's caption and the `i` panel, as a
// camera's EXIF would be for a local photo.

import Foundation
import Testing
@testable import TestSupport

extension ImmichEndToEndTests {
    @Test("the asset's metadata is in the caption and the information panel")
    func metadataInCaptions() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let photos = try photos(1)
        // What Immich read from the original: ExifResponseDto's fields, as the stand-in serves them.
        try Data("""
            {"make": "Canon", "model": "Canon EOS R5", "lensModel": "RF24-70mm F2.8 L IS USM", "exposureTime": "1/250",
             "fNumber": 2.8, "iso": 200, "focalLength": 35, "latitude": 45.764, "longitude": 4.8357,
             "city": "Lyon", "country": "France", "description": "Grandma's garden"}
            """.utf8).write(to: URL(fileURLWithPath: photos.path + "/IMG_0001.jpg.exif.json"))
        let standIn = try await StandIn(photos: photos, keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                    arguments: ["--slideshow", "--interval", "3600", "--transition-ms", "0",
                                                "--slideshow-caption", "place,description"])
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 1)
        let caption = try await frame.check {
            try await waitFor("the slide's caption") { () async throws -> [String]? in
                let slideshow = try await frame.state(control)["slideshow"] as? [String: Any]
                let caption = slideshow?["caption"] as? [String] ?? []
                return caption.isEmpty ? nil : caption
            }
        }
        #expect(caption.joined().contains("Grandma's garden"), "\(caption)")
        #expect(caption.joined().contains("Lyon"), "\(caption)")

        _ = try await control.data(["info"])
        let lines = try await frame.check {
            try await waitFor("the information panel") { () async throws -> [String]? in
                let overlay = try await frame.state(control)["overlay"] as? [String: Any]
                let lines = overlay?["lines"] as? [String] ?? []
                return lines.contains { $0.hasPrefix("Camera") } ? lines : nil
            }
        }
        #expect(lines.contains("Camera\tCanon EOS R5"), "\(lines)")
        #expect(lines.contains("Exposure\t1/250 s  f/2.8  ISO 200  35 mm"), "\(lines)")
        #expect(lines.contains("About\tGrandma's garden"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Taken\t") }, "\(lines)")
        try await standIn.expectNoViolations()
    }
}
