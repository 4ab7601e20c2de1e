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

    @Test("a cut HEIC is refused with a reason; a garbled one shows what its decoder recovered; never a crash")
    func brokenFiles() throws {
        let dir = TempFolder()
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try photo(dir, "good.heic").string)))
        // Cut inside the meta box: the probe says so.
        let cut = dir.write("cut.heic", Array(good.prefix(60)))
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(cut) }
        // A meta box said to run to the end of the file, with two bytes left (the fuzzer's find).
        let endless: [UInt8] = [0, 0, 0, 0x1C] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("Int1heic".utf8)
            + [0, 0, 0, 0, 0, 0, 0, 1] + Array("meta".utf8) + [UInt8](repeating: 0, count: 8) + [0x0C, 0x01]
        #expect(throws: ProbeError.truncated(.heif)) { try HeaderProbe.probe(bytes: endless) }
        // Headers whole, the end of the coded data garbled: HEVC decoders conceal damage to the
        // slices rather than give up (libde265 does), so the photo shows what was recovered — its
        // size, and the part coded before the damage as it was — as a JPEG cut short shows its top.
        var garbled = good
        for i in stride(from: garbled.count - 200, to: garbled.count, by: 1) { garbled[i] = UInt8(truncatingIfNeeded: i &* 37) }
        let bad = dir.write("garbled.heic", garbled)
        #expect(try HeaderProbe.probe(bad).pixelWidth == 400)
        let recovered = try PhotoDecoder.decode(path: bad, format: .heif, box: PixelSize(width: 100, height: 100), mode: .fit)
        #expect(recovered.width == 100 && recovered.height == 75)
        #expect(recovered.pixel(5, 5).isClose(to: .red), "the undamaged top-left: \(recovered.pixel(5, 5))")
        // A pixel cap below the photo's size stops it before anything is decoded.
        #expect(throws: DecodeError.tooManyPixels(width: 400, height: 300)) {
            try PhotoDecoder.decode(path: dir.path("good.heic"), format: .heif, box: PixelSize(width: 400, height: 300),
                                    mode: .fit, maxPixels: 100_000)
        }
    }
}

@Suite("JPEG XL")
struct JXLTests {
    /// Red left, blue right, as a bare codestream or in the container (cjxl).
    private func photo(_ dir: TempFolder, _ name: String, container: Bool, from source: String? = nil) throws -> PhotoPath {
        let png = try source ?? makeRedBlue(dir, "source-\(name).png", width: 400, height: 300).string
        try run("/usr/bin/cjxl", [png, dir.path(name).string, "-d", "0.5", "--container=\(container ? 1 : 0)"])
        return dir.path(name)
    }

    @Test("bare and boxed codestreams: sniffed, sized from the first bits, decoded with their colours")
    func sizeAndColours() throws {
        let dir = TempFolder()
        for container in [false, true] {
            let path = try photo(dir, "photo-\(container).jxl", container: container)
            let info = try HeaderProbe.probe(path)
            #expect(info.format == .jxl && info.pixelWidth == 400 && info.pixelHeight == 300 && info.orientation == .up)
            let fitted = try PhotoDecoder.decode(path: path, format: .jxl, box: PixelSize(width: 200, height: 200), mode: .fit)
            #expect(fitted.width == 200 && fitted.height == 150)
            #expect(fitted.pixel(10, 75).isClose(to: .red), "\(fitted.pixel(10, 75))")
            #expect(fitted.pixel(190, 75).isClose(to: .blue), "\(fitted.pixel(190, 75))")
        }
        // Other shapes: the size header's ratios and explicit widths.
        for (w, h) in [(64, 64), (1920, 1080), (333, 777), (8, 8000)] {
            try convert(["-size", "\(w)x\(h)", "xc:gray", dir.path("g.png").string])
            let path = try photo(dir, "g-\(w)x\(h).jxl", container: false, from: dir.path("g.png").string)
            let info = try HeaderProbe.probe(path)
            #expect(info.pixelWidth == w && info.pixelHeight == h, "\(w)×\(h) read as \(info.pixelWidth)×\(info.pixelHeight)")
        }
    }

    @Test("the orientation is the codestream's own, read after its size (the EXIF box does not count)")
    func orientation() throws {
        // cjxl 0.7 writes no orientation: the header of a 400×300 codestream (FF 0A 58 39 …) with
        // ImageMetadata's extra_fields bit set and orientation 6 (stored 5) after it.
        for (stored, expected) in [(0, Orientation.up), (5, .right), (7, .left), (1, .upMirrored)] {
            let bytes: [UInt8] = [0xFF, 0x0A, 0x58, 0x39, UInt8(1 | stored << 1), 0, 0, 0]
            let info = try HeaderProbe.probe(bytes: bytes)
            #expect(info.pixelWidth == 400 && info.pixelHeight == 300 && info.orientation == expected)
        }
        // A JPEG's EXIF orientation, carried over by cjxl in an Exif box, is not the codestream's.
        let dir = TempFolder()
        let jpeg = try makeRedBlue(dir, "turned.jpg", width: 400, height: 300, extra: ["-orient", "RightTop"])
        #expect(try HeaderProbe.probe(try photo(dir, "turned.jxl", container: true, from: jpeg.string)).orientation == .up)
    }

    @Test("a cut JPEG XL is refused with a reason")
    func cut() throws {
        let dir = TempFolder()
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try photo(dir, "good.jxl", container: false).string)))
        let cut = dir.write("cut.jxl", Array(good.prefix(good.count / 2)))
        _ = try HeaderProbe.probe(cut)
        // libjxl says "error" of input that ends early once it is told no more comes.
        #expect(throws: DecodeError.self) {
            try PhotoDecoder.decode(path: cut, format: .jxl, box: PixelSize(width: 100, height: 100), mode: .fit)
        }
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(dir.write("three.jxl", [0xFF, 0x0A, 0x01])) }
    }
}
