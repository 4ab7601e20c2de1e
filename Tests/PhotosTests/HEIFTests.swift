// HEIC and AVIF as phones and cameras write them, made by the reference encoders (libheif's
// heif-enc for HEVC, libavif's avifenc for AV1, which can also write the turns): sniffed from
// the bytes, sized and turned from the boxes alone, decoded by libheif to the planned size with
// the right colours where they should be, and broken files refused with a reason.

import Foundation
import Testing
@testable import Photos
import Waterfall
@testable import TestSupport

@Suite("HEIF and AVIF")
struct HEIFTests {
    /// A red-left, blue-right photo as HEIC (heif-enc) or AVIF (avifenc, with `extra` options).
    private func photo(_ dir: TempFolder, _ name: String, width: Int = 400, height: Int = 300, extra: [String] = []) throws -> PhotoPath {
        // Truecolour: heif-enc reads a two-colour palette PNG as all one colour.
        let png = try makeRedBlue(dir, "source-\(name).png", width: width, height: height, extra: ["-define", "png:color-type=2"])
        let out = dir.path(name).string
        if name.hasSuffix(".avif") {
            try run("/usr/bin/avifenc", ["-s", "10", "--min", "0", "--max", "10"] + extra + [png.string, out])
        } else {
            try run("/usr/bin/heif-enc", ["-q", "90", "-o", out, png.string])
        }
        return dir.path(name)
    }

    @Test("the brands of ftyp say HEIF or AVIF; the extension is only a hint")
    func sniffing() throws {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = ([major, "\0\0\0\0"] + compatible).flatMap { Array($0.utf8) }
            let size = 8 + brands.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + brands
        }
        #expect(ImageFormat.sniff(ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat.sniff(ftyp("mif1", ["mif1", "heix", "miaf"])) == .heif)
        #expect(ImageFormat.sniff(ftyp("avif", ["avif", "mif1", "miaf"])) == .avif)
        #expect(ImageFormat.sniff(ftyp("mif1", ["miaf", "avif"])) == .avif)
        // Cut inside the major brand (the fuzzer's find): no format, no crash.
        #expect(ImageFormat.sniff([0, 0, 0, 0x20] + Array("ftyp".utf8) + Array("he".utf8)) == nil)
        // An MP4 video is an ISO file too, and no photo.
        #expect(ImageFormat.sniff(ftyp("isom", ["isom", "iso2", "mp41"])) == nil)
        #expect(ImageFormat(fileExtensionOf: PhotoPath("/p/IMG_0001.HEIC")) == .heif)
        #expect(ImageFormat(fileExtensionOf: PhotoPath("/p/a.avif")) == .avif)
    }

    @Test("size and orientation come from the boxes, the turns of irot and imir as EXIF's", arguments: [
        ([String](), Orientation.up),
        (["--irot", "1"], .left),     // a quarter turn anticlockwise to display
        (["--irot", "2"], .down),
        (["--irot", "3"], .right),
        (["--imir", "0"], .upMirrored),   // about the vertical axis: left–right
        (["--imir", "1"], .downMirrored), // about the horizontal axis: top–bottom
    ])
    func probe(extra: [String], expected: Orientation) throws {
        let dir = TempFolder()
        let avif = try photo(dir, "turned.avif", extra: extra)
        let info = try HeaderProbe.probe(avif)
        #expect(info.format == .avif)
        #expect(info.pixelWidth == 400 && info.pixelHeight == 300)
        #expect(info.orientation == expected)
    }

    @Test("HEIC and AVIF decode to the planned size with their colours in place; a turn is applied")
    func decode() throws {
        let dir = TempFolder()
        for name in ["photo.heic", "photo.avif"] {
            let path = try photo(dir, name)
            let info = try HeaderProbe.probe(path)
            #expect(info.format == (name.hasSuffix("heic") ? .heif : .avif))
            let fitted = try PhotoDecoder.decode(path: path, format: info.format, orientation: info.orientation,
                                                 box: PixelSize(width: 200, height: 200), mode: .fit)
            #expect(fitted.width == 200 && fitted.height == 150, "\(name): \(fitted.width)×\(fitted.height)")
            #expect(fitted.pixel(10, 75).isClose(to: .red), "\(name): \(fitted.pixel(10, 75))")
            #expect(fitted.pixel(190, 75).isClose(to: .blue), "\(name): \(fitted.pixel(190, 75))")
        }
        // Turned a quarter anticlockwise for display: the red left half ends at the bottom.
        let turned = try photo(dir, "turned.avif", extra: ["--irot", "1"])
        let info = try HeaderProbe.probe(turned)
        let shown = try PhotoDecoder.decode(path: turned, format: .avif, orientation: info.orientation,
                                            box: PixelSize(width: 150, height: 200), mode: .fit)
        #expect(shown.width == 150 && shown.height == 200)
        #expect(shown.pixel(75, 10).isClose(to: .blue), "top \(shown.pixel(75, 10))")
        #expect(shown.pixel(75, 190).isClose(to: .red), "bottom \(shown.pixel(75, 190))")
    }

    @Test("a cut or garbled HEIC is refused with a reason, never a crash")
    func brokenFiles() throws {
        let dir = TempFolder()
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try photo(dir, "good.heic").string)))
        // Cut inside the meta box: the probe says so.
        let cut = dir.write("cut.heic", Array(good.prefix(60)))
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(cut) }
        // Headers whole, coded data garbled: the decoder refuses it.
        var garbled = good
        for i in stride(from: garbled.count - 200, to: garbled.count, by: 1) { garbled[i] = UInt8(truncatingIfNeeded: i &* 37) }
        let bad = dir.write("garbled.heic", garbled)
        let info = try HeaderProbe.probe(bad)
        do {
            let image = try PhotoDecoder.decode(path: bad, format: .heif, box: PixelSize(width: 100, height: 100), mode: .fit)
            // libde265 may conceal the damage instead: then there is still a picture of the right size.
            #expect(image.width == 100 && info.pixelWidth == 400)
        } catch {
            #expect(!"\(error)".isEmpty)
        }
        // A pixel cap below the photo's size stops it before anything is decoded.
        #expect(throws: DecodeError.tooManyPixels(width: 400, height: 300)) {
            try PhotoDecoder.decode(path: dir.path("good.heic"), format: .heif, box: PixelSize(width: 400, height: 300),
                                    mode: .fit, maxPixels: 100_000)
        }
    }
}
