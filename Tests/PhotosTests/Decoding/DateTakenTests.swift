// When a photo was taken, read by the header probe from wherever the format keeps EXIF: JPEG
// APP1, PNG eXIf, WebP EXIF (written byte by byte, `ExifFixture`), and HEIC, AVIF and JPEG XL
// as their encoders write them with the date put in by exiftool. No date, or a garbage one,
// leaves the file's time standing in, flagged as such.

import Foundation
import Testing
@testable import Photos
@testable import TestSupport

@Suite("Date taken")
struct DateTakenTests {
    /// 2021-03-04 05:06:07 as a clock reads it.
    private static let wallClock: Int64 = 1_614_834_367
    private static let tokyo = CaptureDate(wallClock: wallClock, utcOffsetMinutes: 9 * 60)

    private func tiff(date: String = "2021:03:04 05:06:07", offset: String? = "+09:00") -> [UInt8] {
        var exif = ExifFixture()
        exif.dateTaken = date
        exif.offsetTaken = offset
        return Array(exif.block.dropFirst(6))   // without "Exif\0\0": the fixtures add it where the format has it
    }

    @Test("JPEG, PNG eXIf and WebP EXIF give DateTimeOriginal with OffsetTimeOriginal")
    func bytesFormats() throws {
        for bytes in [Fixture.jpeg(width: 40, height: 30, exif: tiff()), Fixture.png(width: 40, height: 30, exif: tiff()),
                      Fixture.webpWithExif(width: 40, height: 30, exif: tiff())] {
            let info = try HeaderProbe.probe(bytes: bytes)
            #expect(info.taken == .taken(Self.tokyo), "\(info.format)")
        }
    }

    @Test("HEIC (its Exif item), AVIF and JPEG XL (its Exif box) give the date exiftool wrote")
    func encodedFormats() throws {
        let dir = TempFolder()
        let png = try makeRedBlue(dir, "source.png", width: 64, height: 48, extra: ["-define", "png:color-type=2"])
        for name in ["photo.heic", "photo.avif", "photo.jxl"] {
            let out = dir.path(name).string
            switch name {
            case "photo.heic": try run("/usr/bin/heif-enc", ["-q", "50", "-o", out, png.string])
            case "photo.avif": try run("/usr/bin/avifenc", ["-s", "10", png.string, out])
            default: try run("/usr/bin/cjxl", [png.string, out])
            }
            // -m: a bare JPEG XL codestream is wrapped in its container to take the box.
            try run("/usr/bin/exiftool", ["-m", "-q", "-overwrite_original", "-DateTimeOriginal=2021:03:04 05:06:07",
                                          "-OffsetTimeOriginal=+09:00", out])
            let info = try HeaderProbe.probe(dir.path(name))
            #expect(info.taken == .taken(Self.tokyo), "\(name)")
            #expect(info.pixelWidth == 64 && info.pixelHeight == 48, "\(name)")
        }
    }

    @Test("any byte of a dated HEIC's or JPEG XL's boxes changed: a photo, with or without its date, or an error — never a crash")
    func hostileBoxes() throws {
        let dir = TempFolder()
        let png = try makeRedBlue(dir, "source.png", width: 64, height: 48, extra: ["-define", "png:color-type=2"])
        try run("/usr/bin/heif-enc", ["-q", "50", "-o", dir.path("photo.heic").string, png.string])
        try run("/usr/bin/cjxl", [png.string, dir.path("photo.jxl").string])
        for name in ["photo.heic", "photo.jxl"] {
            try run("/usr/bin/exiftool", ["-m", "-q", "-overwrite_original", "-DateTimeOriginal=2021:03:04 05:06:07",
                                          dir.path(name).string])
            let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path(name).string)))
            var dated = 0
            for at in 0..<min(good.count, 1500) {
                for value: UInt8 in [0x00, 0xFF, 0x01, 0x0F] where good[at] != value {
                    var bad = good
                    bad[at] = value
                    if case .taken = (try? HeaderProbe.probe(bytes: bad))?.taken { dated += 1 }
                }
            }
            #expect(dated > 0, "\(name): no changed file kept its date; the test proves nothing")
        }
    }

    @Test("without OffsetTimeOriginal the date is local wall time; DateTime stands in for a missing original")
    func fallbacks() throws {
        let local = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 40, height: 30, exif: tiff(offset: nil)))
        #expect(local.taken == .taken(CaptureDate(wallClock: Self.wallClock, utcOffsetMinutes: nil)))
        for bad in ["+9", "+05:07", "+19:00"] {
            let odd = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 40, height: 30, exif: tiff(offset: bad)))
            #expect(odd.taken == .taken(CaptureDate(wallClock: Self.wallClock, utcOffsetMinutes: nil)), "\(bad) drops only the offset")
        }
        // Only IFD0's DateTime (0x0132), as an editor leaves it.
        var modified: [UInt8] = Array("II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0]
        modified += [0x32, 0x01, 2, 0, 20, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0]   // ASCII ×20 at 26, no next IFD
        modified += Array("2020:01:02 03:04:05".utf8) + [0]
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 40, height: 30, exif: modified))
        #expect(info.taken == .taken(try #require(CaptureDate(exif: "2020:01:02 03:04:05", offset: nil))))
    }

    @Test("a missing or garbage date leaves the file's time, flagged as such", arguments: [
        "    :  :     :  :  ", "0000:00:00 00:00:00", "2021:02:30 10:00:00", "yesterday", "2021:13:01 10:00:00",
    ])
    func garbage(date: String) throws {
        let dir = TempFolder()
        dir.write("garbage.jpg", Fixture.jpeg(width: 40, height: 30, exif: tiff(date: date)))
        dir.write("none.jpg", Fixture.jpeg(width: 40, height: 30))
        dir.setModified("garbage.jpg", seconds: 1_500_000_000)
        dir.setModified("none.jpg", seconds: 1_400_000_000)
        let entries = try PhotoScanner().scan([dir.path]).entries
        for entry in entries {
            #expect(entry.info?.taken == .absent)
            #expect(entry.taken.source == .fileTime)
            #expect(entry.taken == .file(entry.mtime))
        }
        #expect(entries.map(\.taken.source).count == 2)
    }

    @Test("sorting by date: EXIF beats file times and names; local wall time is read in the machine's zone")
    func order() throws {
        let dir = TempFolder()
        // a.jpg is newest by its file time and first by name, yet oldest by its EXIF date.
        dir.write("a.jpg", Fixture.jpeg(width: 40, height: 30, exif: tiff(date: "2001:01:01 00:00:00", offset: "+00:00")))
        dir.write("b.jpg", Fixture.jpeg(width: 40, height: 30))   // no EXIF: its file time, 2010
        // 12:00 local without an offset, beside 11:30 UTC the same day.
        dir.write("c.jpg", Fixture.jpeg(width: 40, height: 30, exif: tiff(date: "2024:07:01 12:00:00", offset: nil)))
        dir.write("d.jpg", Fixture.jpeg(width: 40, height: 30, exif: tiff(date: "2024:07:01 11:30:00", offset: "Z")))
        dir.setModified("a.jpg", seconds: 1_700_000_000)
        dir.setModified("b.jpg", seconds: 1_262_304_000)
        var entries = try PhotoScanner().scan([dir.path]).entries
        func names() -> [String] { entries.map(\.relative.string) }
        // In Paris (UTC+2 in July) 12:00 local is 10:00 UTC, before d; in New York it is 16:00 UTC, after.
        SortOrder.date.sort(&entries, localZone: try #require(TimeZone(identifier: "Europe/Paris")))
        #expect(names() == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        SortOrder.date.sort(&entries, localZone: try #require(TimeZone(identifier: "America/New_York")))
        #expect(names() == ["a.jpg", "b.jpg", "d.jpg", "c.jpg"])
        SortOrder.date.sort(&entries, reversed: true, localZone: try #require(TimeZone(identifier: "America/New_York")))
        #expect(names() == ["c.jpg", "d.jpg", "b.jpg", "a.jpg"])
        #expect(entries.map(\.taken.source) == [.exifLocal, .exifWithOffset, .fileTime, .exifWithOffset])
    }

    @Test("dates far from today keep their second, and the entry stays small")
    func extremes() throws {
        for text in ["0001:01:01 00:00:00", "1826:06:01 00:00:01", "9999:12:31 23:59:59", "1970:01:01 00:00:00"] {
            for offset in ["-03:30", "+14:00", "-12:00", "+05:45"] {
                let date = try #require(CaptureDate(exif: text, offset: offset))
                for animated in [false, true] {
                    let info = PhotoInfo(format: .jpeg, pixelWidth: 1, pixelHeight: 1, orientation: .up, isAnimated: animated,
                                         taken: .taken(date))
                    #expect(info.taken == .taken(date) && info.isAnimated == animated, "\(text) \(offset)")
                }
            }
        }
        #expect(try #require(CaptureDate(exif: "1970:01:01 00:00:00", offset: nil)).wallClock == 0)
        #expect(MemoryLayout<PhotoEntry>.stride <= 80)
    }
}
