// Photos with their own colour profiles, written by the tools people's files come from
// (ImageMagick for JPEG, PNG and WebP, heif-enc, avifenc and cjxl from those), shown in sRGB:
// every format's profile is found and applied, CMYK JPEGs get their true colours, and a broken
// profile leaves the photo as coded with a note instead of failing it.

import Foundation
import Testing
@testable import Photos
import Waterfall
@testable import TestSupport

@Suite("colour profiles")
struct ColourTests {
    /// A saturated orange inside sRGB's gamut from either space, so the expected value is exact.
    static let coded = (200, 120, 60)

    /// A 64×48 photo of `coded` tagged with `space`'s profile (assigned, not converted: the
    /// photo was taken in that space), as `name`'s format.
    private func tagged(_ dir: TempFolder, _ name: String, _ space: ColourSpaceFixture) throws -> PhotoPath {
        let icc = dir.path("\(space.name).icc")
        dir.write("\(space.name).icc", space.iccProfile())
        let colour = "rgb(\(Self.coded.0),\(Self.coded.1),\(Self.coded.2))"
        let png = dir.path("source-\(name).png").string
        try convert(["-size", "64x48", "xc:\(colour)", "-define", "png:color-type=2", "-profile", icc.string, png])
        let out = dir.path(name).string
        switch (name as NSString).pathExtension {
        case "png": try FileManager.default.moveItem(atPath: png, toPath: out)
        case "jpg": try convert([png, "-quality", "98", "-sampling-factor", "1x1", out])
        case "webp": try convert([png, "-define", "webp:lossless=true", out])
        case "heic": try run("/usr/bin/heif-enc", ["-q", "98", "-o", out, png])
        case "avif": try run("/usr/bin/avifenc", ["-s", "10", "--min", "0", "--max", "0", png, out])
        case "jxl": try run("/usr/bin/cjxl", [png, out, "-d", "0"])
        default: Issue.record("no fixture for \(name)")
        }
        return dir.path(name)
    }

    private func centre(_ path: PhotoPath) throws -> (image: DecodedImage, rgb: (Int, Int, Int)) {
        let info = try HeaderProbe.probe(path)
        let image = try PhotoDecoder.decode(path: path, format: info.format, orientation: info.orientation,
                                            storedSize: PixelSize(width: info.pixelWidth, height: info.pixelHeight),
                                            box: PixelSize(width: 32, height: 24), mode: .fill)
        let p = image.pixel(image.width / 2, image.height / 2)
        return (image, (p.r, p.g, p.b))
    }

    private static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test("the reference: Display P3's orange is redder in sRGB, Adobe RGB's greener-red")
    func referenceMoves() {
        let p3 = ColourSpaceFixture.displayP3.inSRGB(Self.coded), adobe = ColourSpaceFixture.adobeRGB.inSRGB(Self.coded)
        // Far enough from the coded numbers that showing them unconverted fails the tests below.
        #expect(abs(p3.0 - Self.coded.0) + abs(p3.1 - Self.coded.1) + abs(p3.2 - Self.coded.2) > 20, "\(p3)")
        #expect(abs(adobe.0 - Self.coded.0) + abs(adobe.1 - Self.coded.1) + abs(adobe.2 - Self.coded.2) > 20, "\(adobe)")
    }

    @Test("an embedded profile is converted to sRGB in every format that carries one", arguments: [
        "p3.png", "p3.jpg", "p3.webp", "p3.heic", "p3.avif", "p3.jxl", "adobe.png", "adobe.jpg",
    ])
    func converted(name: String) throws {
        let dir = TempFolder()
        let space: ColourSpaceFixture = name.hasPrefix("p3") ? .displayP3 : .adobeRGB
        let path = try tagged(dir, name, space)
        let (image, shown) = try centre(path)
        let expected = space.inSRGB(Self.coded)
        // HEVC and AV1 go through YCbCr even at their best quality: a few steps more.
        let tolerance = name.hasSuffix(".heic") || name.hasSuffix(".avif") ? 6 : 3
        #expect(Self.near(shown, expected, tolerance), "\(name) shows \(shown), sRGB of \(space.name) \(Self.coded) is \(expected)")
        #expect(image.colourNote == nil)
    }

    @Test("a lossy JPEG XL is rendered in sRGB by libjxl itself")
    func lossyJXL() throws {
        let dir = TempFolder()
        _ = try tagged(dir, "p3.jxl", .displayP3)  // for its tagged source PNG
        let lossy = dir.path("p3-lossy.jxl")
        try run("/usr/bin/cjxl", [dir.path("source-p3.jxl.png").string, lossy.string, "-d", "0.5"])
        #expect(Self.near(try centre(lossy).rgb, ColourSpaceFixture.displayP3.inSRGB(Self.coded), 4))
    }

    @Test("CMYK JPEGs, Adobe's inverted inks as ImageMagick writes them, show their colours")
    func cmyk() throws {
        let dir = TempFolder()
        let out = dir.path("cmyk.jpg").string
        try convert(["-size", "64x48", "xc:rgb(200,120,60)", "-colorspace", "CMYK", "-quality", "98", out])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(JPEGColour.read(bytes).adobe, "ImageMagick marks its CMYK JPEGs as Adobe's")
        #expect(Self.near(try centre(dir.path("cmyk.jpg")).rgb, Self.coded, 4))
    }

    @Test("a broken profile leaves the colours as coded, with a note for the log, not an error")
    func brokenProfile() throws {
        let dir = TempFolder()
        let plain = dir.path("plain.jpg")
        try convert(["-size", "64x48", "xc:rgb(200,120,60)", "-quality", "98", "-sampling-factor", "1x1", plain.string])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain.string)))
        // An APP2 ICC_PROFILE segment, the one chunk of one, holding no profile at all.
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + Array(repeating: 0x5A, count: 200)
        bytes.insert(contentsOf: [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: 2)
        dir.write("broken.jpg", bytes)
        #expect(JPEGColour.read(bytes).profile?.count == 200)
        let (image, shown) = try centre(dir.path("broken.jpg"))
        #expect(Self.near(shown, try centre(plain).rgb, 0))
        #expect(image.colourNote == "its colour profile is unreadable")
    }

    @Test("a profile split over several APP2 segments is put back together in their numbered order")
    func chunkedProfile() throws {
        let dir = TempFolder()
        let plain = dir.path("plain.jpg")
        try convert(["-size", "64x48", "xc:rgb(200,120,60)", "-quality", "98", "-sampling-factor", "1x1", plain.string])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain.string)))
        let profile = ColourSpaceFixture.displayP3.iccProfile()
        let half = profile.count / 2
        // Written second chunk first: the sequence numbers, not the file order, count.
        for (sequence, part) in [(2, Array(profile[half...])), (1, Array(profile[..<half]))].reversed() {
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(sequence), 2] + part
            bytes.insert(contentsOf: [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: 2)
        }
        #expect(JPEGColour.read(bytes).profile == profile)
        dir.write("split.jpg", bytes)
        #expect(Self.near(try centre(dir.path("split.jpg")).rgb, ColourSpaceFixture.displayP3.inSRGB(Self.coded), 3))
    }

    @Test("HEIF and AVIF code points: Display P3 by number is converted, BT.709 and unsaid are left alone")
    func codePoints() throws {
        #expect(EmbeddedColour.cicp(primaries: 1, transfer: 13).isSRGB && EmbeddedColour.cicp(primaries: 2, transfer: 2).isSRGB)
        #expect(!EmbeddedColour.cicp(primaries: 12, transfer: 13).isSRGB)
        var image = DecodedImage(width: 1, height: 1, stride: 4, pixels: [UInt8(Self.coded.2), UInt8(Self.coded.1), UInt8(Self.coded.0), 255])
        #expect(ColourTransform.toSRGB(&image, from: .cicp(primaries: 12, transfer: 13)) == nil)
        let shown = (Int(image.pixels[2]), Int(image.pixels[1]), Int(image.pixels[0]))
        #expect(Self.near(shown, ColourSpaceFixture.displayP3.inSRGB(Self.coded), 1), "\(shown)")
        // PQ (HDR) is not a profile's job: left as coded.
        var hdr = DecodedImage(width: 1, height: 1, stride: 4, pixels: [60, 120, 200, 255])
        #expect(ColourTransform.toSRGB(&hdr, from: .cicp(primaries: 9, transfer: 16)) == nil && hdr.pixels == [60, 120, 200, 255])
    }
}
