import Foundation
import Testing
@testable import Photos
@testable import TestSupport
import Waterfall
#if canImport(Glibc)
import Glibc
#endif

@Suite("Rotating a photo file")
struct PhotoRotationTests {
    /// The displayed photo's four corners: top-left, top-right, bottom-left, bottom-right.
    typealias Corners = [RGBA]
    static let quadrants: Corners = [.red, .green, .blue, .yellow]

    /// A JPEG in four coloured quadrants (red, green / blue, yellow), 4:2:0 so its MCU is 16×16.
    static func quadrantJPEG(_ dir: TempFolder, _ name: String, width: Int = 64, height: Int = 48,
                             orientation: Int? = nil) throws -> PhotoPath {
        let w = width / 2, h = height / 2
        try convert(["-size", "\(w)x\(h)", "xc:red", "-size", "\(width - w)x\(h)", "xc:lime", "+append",
                     "(", "-size", "\(w)x\(height - h)", "xc:blue", "-size", "\(width - w)x\(height - h)", "xc:yellow", "+append", ")",
                     "-append", "-sampling-factor", "2x2", "-quality", "95", dir.path(name).string])
        if let orientation {
            var exif = ExifFixture()
            exif.orientation = orientation
            dir.write(name, exif.inserted(into: try SafeFile.readAll(dir.path(name))))
        }
        return dir.path(name)
    }

    static func displayed(_ path: PhotoPath) throws -> DecodedImage {
        let info = try HeaderProbe.probe(path)
        return try PhotoDecoder.decode(path: path, format: info.format, orientation: info.orientation, storedSize: info.storedSize,
                                       box: PixelSize(width: 4096, height: 4096), mode: .fit)
    }

    static func corners(_ image: DecodedImage) -> Corners {
        let inset = 4, right = image.width - 1 - inset, bottom = image.height - 1 - inset
        return [image.pixel(inset, inset), image.pixel(right, inset), image.pixel(inset, bottom), image.pixel(right, bottom)]
    }

    static func isClose(_ a: Corners, _ b: Corners) -> Bool {
        zip(a, b).allSatisfy { $0.isClose(to: $1) }
    }

    /// The corners of the displayed photo once it is turned clockwise by `turn`.
    static func turned(_ corners: Corners, _ turn: QuarterTurn) -> Corners {
        var result = corners
        for _ in 0..<turn.rawValue { result = [result[2], result[0], result[3], result[1]] }
        return result
    }

    // MARK: JPEG, losslessly

    @Test("A JPEG turned by cascade decodes to exactly what jpegtran -perfect makes", arguments: QuarterTurn.allCases)
    func matchesJpegtran(turn: QuarterTurn) throws {
        let dir = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg")
        try run("/usr/bin/jpegtran", ["-rotate", "\(turn.degrees)", "-perfect", "-copy", "all",
                                      "-outfile", dir.path("reference.jpg").string, path.string])
        let outcome = try PhotoRotation.rotate(path, by: turn)
        #expect(outcome.method == .pixels)
        let ours = try Self.displayed(path), reference = try Self.displayed(dir.path("reference.jpg"))
        #expect(ours.width == reference.width && ours.height == reference.height)
        #expect(ours.pixels == reference.pixels, "the turned pixels differ from jpegtran's")
    }

    static let everyStart = Orientation.allCases.flatMap { o in QuarterTurn.allCases.map { (o, $0) } }

    @Test("Every EXIF orientation, turned 90, 180 or 270, shows the photo turned that much", arguments: everyStart)
    func composesWithOrientation(start: Orientation, turn: QuarterTurn) throws {
        let dir = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg", orientation: start.rawValue)
        let before = try Self.displayed(path)
        let outcome = try PhotoRotation.rotate(path, by: turn)
        let after = try Self.displayed(path)
        let expected = Self.turned(Self.corners(before), turn)
        #expect(Self.isClose(Self.corners(after), expected), "shown \(Self.corners(after)), expected \(expected)")
        let swaps = turn != .half
        #expect(after.width == (swaps ? before.height : before.width) && after.height == (swaps ? before.width : before.height))
        #expect(outcome.method == .pixels)
        #expect(try HeaderProbe.probe(path).orientation == .up, "the pixels were turned, so the tag says 1")
    }

    @Test("A size that is not a whole number of blocks changes only the tag, and says so")
    func imperfectSizeUsesTheTag() throws {
        let dir = TempFolder()
        // 66×50: neither side a multiple of the 16-pixel block.
        let path = try Self.quadrantJPEG(dir, "odd.jpg", width: 66, height: 50, orientation: 1)
        let bare = try Self.quadrantJPEG(dir, "bare.jpg", width: 66, height: 50)
        let stored = try PhotoDecoder.decode(path: path, format: .jpeg, box: PixelSize(width: 66, height: 50), mode: .fit)
        for file in [path, bare] {
            let before = try Self.displayed(file)
            let outcome = try PhotoRotation.rotate(file, by: .clockwise)
            guard case let .orientationTag(reason) = outcome.method else {
                Issue.record("the pixels were turned (and an edge trimmed)")
                continue
            }
            #expect(reason.contains("whole number of JPEG blocks"))
            #expect(outcome.summary.contains("orientation tag only"))
            #expect(try HeaderProbe.probe(file).orientation == .right)
            let after = try Self.displayed(file)
            #expect(Self.isClose(Self.corners(after), Self.turned(Self.corners(before), .clockwise)))
        }
        let untouched = try PhotoDecoder.decode(path: path, format: .jpeg, box: PixelSize(width: 66, height: 50), mode: .fit)
        #expect(untouched.pixels == stored.pixels, "the stored pixels changed")
    }

    @Test("EXIF with no orientation tag (as phones write it) gets one added, in either byte order, the rest kept")
    func orientationTagAdded() throws {
        let dir = TempFolder()
        // Little-endian, cascade's own fixture: camera, lens, GPS and a thumbnail after IFD0.
        let little = try Self.quadrantJPEG(dir, "little.jpg", width: 66, height: 50)
        var fixture = ExifFixture()
        fixture.thumbnail = try SafeFile.readAll(try Self.quadrantJPEG(dir, "thumb.jpg", width: 16, height: 16))
        dir.write("little.jpg", fixture.inserted(into: try SafeFile.readAll(little)))
        // Big-endian, as exiftool writes a new EXIF block.
        let big = try Self.quadrantJPEG(dir, "big.jpg", width: 66, height: 50)
        try run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2022:04:01 10:00:00", "-Make=Phone", big.string])
        for path in [little, big] {
            let bytes = try SafeFile.readAll(path)
            let exifBefore = try #require(Self.payload(0xE1, startingWith: "Exif", in: bytes))
            let before = try Self.displayed(path)
            let read = ["-n", "-Orientation", "-Make", "-DateTimeOriginal"]
            let readBefore = try Self.exiftool(read, path)
            #expect(!readBefore.contains("Orientation") && readBefore.contains("Make"), "the fixture: \(readBefore)")
            let outcome = try PhotoRotation.rotate(path, by: .clockwise)
            guard case .orientationTag = outcome.method else { Issue.record("the pixels were turned (and an edge trimmed)"); continue }
            #expect(try HeaderProbe.probe(path).orientation == .right)
            #expect(Self.isClose(Self.corners(try Self.displayed(path)), Self.turned(Self.corners(before), .clockwise)))
            let exifAfter = try #require(Self.payload(0xE1, startingWith: "Exif", in: try SafeFile.readAll(path)))
            #expect(ExifSummary(exifBlock: exifAfter) == ExifSummary(exifBlock: exifBefore))
            // Another reader of the file: exiftool sees the tag, and the fields as they were.
            #expect(try Self.exiftool(read, path) == "Orientation: 6\n" + readBefore)
            // Once there, the tag is changed in place by the next turn.
            _ = try PhotoRotation.rotate(path, by: .clockwise)
            #expect(try HeaderProbe.probe(path).orientation == .down)
        }
        #expect(ExifSummary(exifBlock: try #require(Self.payload(0xE1, startingWith: "Exif", in: try SafeFile.readAll(little)))).camera != nil)
    }

    /// What exiftool prints for `arguments` on `path`, "Tag: value" a line (-s -s names).
    static func exiftool(_ arguments: [String], _ path: PhotoPath) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-s", "-s"] + arguments + [path.string]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("EXIF fields other than orientation and the ICC profile are kept")
    func metadataKept() throws {
        let dir = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg", orientation: 6)
        let profile = ColourSpaceFixture.displayP3.iccProfile()
        let icc = Fixture.segment(0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile)
        let xmp = Fixture.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(Self.xmpPacket(orientation: 6).utf8))
        var bytes = try SafeFile.readAll(path)
        bytes.insert(contentsOf: icc + xmp, at: 2)
        dir.write("photo.jpg", bytes)
        let exifBefore = try #require(Self.payload(0xE1, startingWith: "Exif", in: bytes))
        _ = try PhotoRotation.rotate(path, by: .clockwise)
        let after = try SafeFile.readAll(path)
        let exifAfter = try #require(Self.payload(0xE1, startingWith: "Exif", in: after), "the EXIF block is gone")
        let summary = ExifSummary(exifBlock: exifAfter)
        #expect(summary == ExifSummary(exifBlock: exifBefore))
        #expect(summary.camera != nil && summary.lens != nil && summary.latitude != nil)
        #expect(ExifOrientation.read(exifBlock: exifAfter) == .up)
        #expect(Self.payload(0xE2, in: after) == Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile)
        #expect(String(decoding: after, as: UTF8.self).contains(Self.xmpPacket(orientation: 1)),
                "XMP's tiff:Orientation does not say 1 with the pixels turned")
    }

    static func xmpPacket(orientation: Int) -> String {
        #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation="\#(orientation)" "#
            + #"xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>A. Photographer</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>"#
    }

    /// The payload of the first `marker` segment that starts with `prefix`.
    static func payload(_ marker: UInt8, startingWith prefix: String = "", in jpeg: [UInt8]) -> [UInt8]? {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] != 0xDA {
            let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            let payload = Array(jpeg[(at + 4)..<(at + 2 + length)])
            if jpeg[at + 1] == marker, payload.starts(with: Array(prefix.utf8)) { return payload }
            at += 2 + length
        }
        return nil
    }

    // MARK: The file

    @Test("Permissions and owner are kept")
    func permissionsKept() throws {
        let dir = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg")
        chmod(path.string, 0o640)
        let owner: uid_t = geteuid() == 0 ? 1234 : geteuid()
        if geteuid() == 0 { chown(path.string, 1234, 1234) }
        _ = try PhotoRotation.rotate(path, by: .clockwise)
        var status = stat()
        #expect(stat(path.string, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(status.st_uid == owner)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path.string)
        #expect(leftovers == ["photo.jpg"], "a temporary file was left behind")
    }

    /// An access ACL as the kernel stores it (`system.posix_acl_access`): the owner, user 1234,
    /// the owning group, the mask and others.
    static let acl: [UInt8] = {
        func entry(_ tag: UInt16, _ perm: UInt16, _ id: UInt32) -> [UInt8] {
            withUnsafeBytes(of: tag.littleEndian, Array.init) + withUnsafeBytes(of: perm.littleEndian, Array.init)
                + withUnsafeBytes(of: id.littleEndian, Array.init)
        }
        let none = UInt32.max
        return withUnsafeBytes(of: UInt32(2).littleEndian, Array.init)
            + entry(0x01, 6, none) + entry(0x02, 6, 1234) + entry(0x04, 4, none) + entry(0x10, 6, none) + entry(0x20, 4, none)
    }()

    @Test("Extended attributes (a file manager's tags and comment) and the ACL are kept")
    func extendedAttributesKept() throws {
        let dir = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg")
        let attributes = [("user.xdg.tags", Array("holiday,family".utf8)), ("user.xdg.comment", Array("Grandma's 80th".utf8))]
        for (name, value) in attributes {
            let set = ExtendedAttributes.set(name, value, on: path)
            try #require(set == 0, "this filesystem takes user attributes: \(String(cString: strerror(set)))")
        }
        let withACL = geteuid() == 0 && ExtendedAttributes.set("system.posix_acl_access", Self.acl, on: path) == 0

        let outcome = try PhotoRotation.rotate(path, by: .clockwise)
        #expect(outcome.method == .pixels, "the photo was rewritten, not only tagged")
        for (name, value) in attributes {
            #expect(ExtendedAttributes.value(name, of: path) == value, "\(name) is kept")
        }
        if withACL { #expect(ExtendedAttributes.value("system.posix_acl_access", of: path) == Self.acl, "the ACL is kept") }
    }

    @Test("A symbolic link is refused: neither it nor the file it points to is rewritten")
    func symbolicLinkRefused() throws {
        let dir = TempFolder(), elsewhere = TempFolder()
        let target = try Self.quadrantJPEG(elsewhere, "photo.jpg")
        let before = try SafeFile.readAll(target)
        dir.symlink("link.jpg", to: target.string)
        #expect {
            try PhotoRotation.rotate(dir.path("link.jpg"), by: .clockwise)
        } throws: { error in
            "\(error)".contains("symbolic link") && "\(error)".contains(target.string)
        }
        #expect(try SafeFile.readAll(target) == before, "the photo the link points to is untouched")
        #expect(dir.path("link.jpg").fileType(followingLinks: false) == S_IFLNK, "the link stays a link")
    }

    @Test("A read-only folder is an error and the photo is untouched")
    func readOnlyFolder() throws {
        let dir = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg")
        let before = try SafeFile.readAll(path)
        // Root writes through permission bits; the immutable attribute stops root too.
        if geteuid() == 0 {
            try run("/usr/bin/chattr", ["+i", dir.path.string])
        } else {
            chmod(dir.path.string, 0o555)
        }
        defer {
            if geteuid() == 0 { try? run("/usr/bin/chattr", ["-i", dir.path.string]) } else { chmod(dir.path.string, 0o755) }
        }
        #expect {
            try PhotoRotation.rotate(path, by: .clockwise)
        } throws: { error in
            guard case let RotationError.cannotWrite(_, why) = error else { return false }
            return why.contains("cannot create a file in its folder") && "\(error)".contains("unchanged")
        }
        #expect(try SafeFile.readAll(path) == before)
    }

    @Test("A file changed while it was being rotated keeps the other writer's version")
    func changedMeanwhile() throws {
        let dir = TempFolder()
        let path = dir.write("photo.jpg", [1, 2, 3])
        var status = stat()
        stat(path.string, &status)
        dir.write("photo.jpg", [4, 5, 6, 7])
        #expect(throws: RotationError.changedMeanwhile(path)) {
            try FileReplacement.replace(path, with: [9], original: .init(status: status))
        }
        #expect(try SafeFile.readAll(path) == [4, 5, 6, 7])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path.string) == ["photo.jpg"])
    }

    @Test("The photo's cached thumbnails are removed, so they are made again")
    func thumbnailsForgotten() throws {
        let dir = TempFolder(), cacheRoot = TempFolder()
        let path = try Self.quadrantJPEG(dir, "photo.jpg")
        let cache = ThumbnailCache(root: cacheRoot.path)
        let normal = try #require(cache.file(for: path, size: .normal))
        let large = try #require(cache.file(for: path, size: .large))
        for file in [normal, large] {
            try FileManager.default.createDirectory(atPath: file.parent.string, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: file.string, contents: Data([1])))
        }
        _ = try PhotoRotation.rotate(path, by: .half, thumbnails: cache)
        #expect(!FileManager.default.fileExists(atPath: normal.string))
        #expect(!FileManager.default.fileExists(atPath: large.string))
    }

    // MARK: Other formats

    @Test("A PNG's eXIf orientation is changed, its CRC still right")
    func pngTag() throws {
        let dir = TempFolder()
        let encoded = try PNGCodec.encode(DecodedImage.solid(width: 8, height: 4, .red), text: [])
        let chunk = Fixture.pngChunk("eXIf", Fixture.exifTIFF(orientation: 1, bigEndian: true))
        let path = dir.write("photo.png", Array(encoded.prefix(33)) + chunk + Array(encoded.dropFirst(33)))
        let outcome = try PhotoRotation.rotate(path, by: .counterClockwise)
        guard case .orientationTag = outcome.method else { Issue.record("no tag route"); return }
        #expect(try HeaderProbe.probe(path).orientation == .left)
        let bytes = try SafeFile.readAll(path)
        let crcAt = 33 + chunk.count - 4
        let data = Array(bytes[(33 + 8)..<crcAt])
        let crc = Fixture.crc32(Array("eXIf".utf8) + data)
        var stored: UInt32 = 0
        for byte in bytes[crcAt..<(crcAt + 4)] { stored = stored << 8 | UInt32(byte) }
        #expect(stored == crc, "the eXIf chunk's CRC is wrong")
        let image = try Self.displayed(path)
        #expect(image.width == 4 && image.height == 8)
    }

    @Test("A WebP's EXIF orientation is changed")
    func webpTag() throws {
        let dir = TempFolder()
        try writePNG(dir, "source.png", DecodedImage.solid(width: 8, height: 4, .red))
        try run("/usr/bin/cwebp", ["-quiet", "-lossless", dir.path("source.png").string, "-o", dir.path("bare.webp").string])
        dir.write("exif.bin", Fixture.exifTIFF(orientation: 1))
        try run("/usr/bin/webpmux", ["-set", "exif", dir.path("exif.bin").string, dir.path("bare.webp").string,
                                     "-o", dir.path("photo.webp").string])
        let path = dir.path("photo.webp")
        let outcome = try PhotoRotation.rotate(path, by: .clockwise)
        guard case .orientationTag = outcome.method else { Issue.record("no tag route"); return }
        #expect(try HeaderProbe.probe(path).orientation == .right)
        let image = try Self.displayed(path)
        #expect(image.width == 4 && image.height == 8)
    }

    @Test("A TIFF's own orientation tag is changed, or added where it has none, in either byte order")
    func tiffTag() throws {
        let dir = TempFolder()
        for (name, order, tagged) in [("little.tif", "LSB", true), ("big.tif", "MSB", true), ("bare.tif", "MSB", false)] {
            let path = dir.path(name)
            try convert(["-size", "8x4", "xc:red", "-endian", order, "-orient", "top-left", path.string])
            if !tagged { try run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-IFD0:Orientation=", path.string]) }
            #expect(try HeaderProbe.probe(path).orientation == .up)
            let outcome = try PhotoRotation.rotate(path, by: .clockwise)
            guard case .orientationTag = outcome.method else { Issue.record("no tag route"); return }
            #expect(try HeaderProbe.probe(path).orientation == .right)
            let image = try Self.displayed(path)
            #expect(image.width == 4 && image.height == 8)
        }
    }

    @Test("A PNG without EXIF and a GIF are refused, naming the format, and left as they were")
    func refused() throws {
        let dir = TempFolder()
        let png = dir.write("plain.png", try PNGCodec.encode(DecodedImage.solid(width: 8, height: 4, .red), text: []))
        try convert(["-size", "8x4", "xc:red", dir.path("still.gif").string])
        for (path, name) in [(png, "PNG"), (dir.path("still.gif"), "GIF")] {
            let before = try SafeFile.readAll(path)
            #expect {
                try PhotoRotation.rotate(path, by: .clockwise)
            } throws: { error in
                guard case RotationError.unsupported = error else { return false }
                return "\(error)".contains(name)
            }
            #expect(try SafeFile.readAll(path) == before)
        }
    }

    @Test("Turns compose with the orientation, mirrors included", arguments: Orientation.allCases)
    func orientationAlgebra(start: Orientation) {
        #expect(start.turned(.clockwise).turned(.counterClockwise) == start)
        #expect(start.turned(.half).turned(.half) == start)
        #expect(start.turned(.clockwise).mirrored == start.mirrored)
        #expect(start.turned(.clockwise).swapsSides != start.swapsSides)
    }
}
