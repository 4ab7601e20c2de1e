import Foundation
import Testing
@testable import App
import Photos
@testable import TestSupport

@Suite("colour through the binary")
struct ColourRenderTests {
    /// Render writes thumbnails as a side effect: into a folder of this test's, passed to the
    /// child, never through this process's environment (suites run side by side in it).
    let cache = TemporaryFolder("cascade-render-cache")

    @Test("Display P3 (HEIC, PNG), Adobe RGB and CMYK JPEGs render in sRGB through the decode workers; a broken profile is said once")
    func wideGamutAndCMYK() throws {
        let folder = try PhotoFolder()
        let coded = (200, 120, 60), colour = "xc:rgb(200,120,60)"
        for space in [ColourSpaceFixture.displayP3, .adobeRGB] {
            _ = try folder.write(space.name + ".icc", space.iccProfile())
        }
        let p3 = folder.path + "/Display P3.icc", adobe = folder.path + "/Adobe RGB.icc"
        try magick(["-size", "300x200", colour, "-define", "png:color-type=2", "-profile", p3, folder.path + "/a-p3.png"])
        try magick(["-size", "300x200", colour, "-profile", adobe, "-quality", "98", "-sampling-factor", "1x1", folder.path + "/b-adobe.jpg"])
        try magick(["-size", "300x200", colour, "-colorspace", "CMYK", "-quality", "98", folder.path + "/c-cmyk.jpg"])
        let heic = Process()
        heic.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
        heic.arguments = ["-q", "98", "-o", folder.path + "/d-p3.heic", folder.path + "/a-p3.png"]
        heic.standardOutput = FileHandle.nullDevice
        try heic.run()
        heic.waitUntilExit()
        #expect(heic.terminationStatus == 0)
        // A JPEG whose APP2 profile is no profile: shown as coded, one log line however often decoded.
        try magick(["-size", "300x200", colour, "-quality", "98", "-sampling-factor", "1x1", folder.path + "/e-broken.jpg"])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/e-broken.jpg")))
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + Array(repeating: 0x5A, count: 200)
        bytes.insert(contentsOf: [0xFF, 0xE2, 0, UInt8(body.count + 2)] + body, at: 2)
        _ = try folder.write("e-broken.jpg", bytes)
        for icc in ["Display P3.icc", "Adobe RGB.icc"] { try FileManager.default.removeItem(atPath: folder.path + "/" + icc) }

        let out = folder.path + "/wall.png", manifestFile = folder.path + "/wall.json"
        let r = try cascadeRun(["render", folder.path, "--width", "900", "--columns", "3", "--no-captions", "--out", out,
                                "--manifest", manifestFile], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(r.status == 0, "\(r.err)")
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        let png = try loadPNG(out)
        let p3InSRGB = ColourSpaceFixture.displayP3.inSRGB(coded), adobeInSRGB = ColourSpaceFixture.adobeRGB.inSRGB(coded)
        let expected: [String: (Int, Int, Int)] = [
            "a-p3.png": p3InSRGB, "b-adobe.jpg": adobeInSRGB, "c-cmyk.jpg": coded, "d-p3.heic": p3InSRGB, "e-broken.jpg": coded,
        ]
        #expect(manifest.tiles.count == 5)
        for tile in manifest.tiles {
            let name = (tile.path as NSString).lastPathComponent
            let want = try #require(expected[name])
            let centre = png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(tile.status == "ok", "\(name): \(tile.status)")
            #expect(close(centre, (want.0, want.1, want.2), tolerance: 6), "\(name) shows \(centre), wanted \(want)")
        }
        let said = r.err.split(separator: "\n").filter { $0.contains("e-broken.jpg") && $0.contains("colour profile") }
        #expect(said.count == 1, "\(r.err)")
    }
}
