import Testing
import Waterfall
@testable import Photos

@Suite struct ProbeTests {
    @Test func jpegSizeComesFromTheFrameHeader() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 4032, height: 3024))
        #expect(info == PhotoInfo(format: .jpeg, pixelWidth: 4032, pixelHeight: 3024, orientation: .up))
    }

    @Test(arguments: [0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF] as [UInt8])
    func everyFrameTypeGivesTheSize(marker: UInt8) throws {
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 800, height: 600, frameMarker: marker))
        #expect(info.pixelWidth == 800 && info.pixelHeight == 600)
    }

    @Test func tablesThatShareTheFrameRangeAreSkipped() throws {
        // DHT (C4), JPG (C8) and DAC (CC) sit among the SOF markers but carry no size.
        let decoys = [0xC4, 0xC8, 0xCC].map { Fixture.segment(UInt8($0), [0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60]) }
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 321, height: 123, before: decoys))
        #expect(info.pixelWidth == 321 && info.pixelHeight == 123)
    }

    @Test func fillBytesBeforeAMarkerAreTolerated() throws {
        var bytes = Fixture.jpeg(width: 50, height: 40)
        bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF], at: 2)
        #expect(try HeaderProbe.probe(bytes: bytes).pixelWidth == 50)
    }

    @Test func jpegFrameBeyondTheFirstReadIsFound() throws {
        // Three 60 KiB APP2 segments push the frame header past the 64 KiB prefix.
        let big = Fixture.segment(0xE2, Array(repeating: 0xAB, count: 60_000))
        let bytes = Fixture.jpeg(width: 1920, height: 1080, exif: Fixture.exifTIFF(orientation: 6), before: [big, big, big])
        let folder = TempFolder()
        let info = try HeaderProbe.probe(folder.write("late-frame.jpg", bytes))
        #expect(info.pixelWidth == 1920 && info.pixelHeight == 1080 && info.orientation == .right)
    }

    @Test func pngSizeComesFromIHDR() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.png(width: 640, height: 480))
        #expect(info == PhotoInfo(format: .png, pixelWidth: 640, pixelHeight: 480, orientation: .up))
    }

    @Test func hugeClaimedSizeIsProbedAsClaimed() throws {
        // The pixel cap belongs to the decoder, which needs the claimed size to enforce it.
        let info = try HeaderProbe.probe(bytes: Fixture.png(width: 100_000, height: 100_000))
        #expect(info.pixelWidth == 100_000 && info.pixelHeight == 100_000)
    }

    @Test(arguments: [(1, 40_000), (40_000, 1)])
    func extremeAspectRatiosProbe(width: Int, height: Int) throws {
        let info = try HeaderProbe.probe(bytes: Fixture.png(width: width, height: height))
        #expect(info.displayedWidth == width && info.displayedHeight == height)
        #expect(info.aspectRatio == Double(height) / Double(width))
    }

    @Test func webpLossySize() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.riff([Fixture.vp8Chunk(width: 1000, height: 750)]))
        #expect(info == PhotoInfo(format: .webp, pixelWidth: 1000, pixelHeight: 750, orientation: .up))
    }

    @Test func webpLosslessSize() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.riff([Fixture.vp8lChunk(width: 16_383, height: 3)]))
        #expect(info.pixelWidth == 16_383 && info.pixelHeight == 3)
    }

    @Test func webpExtendedCanvasSize() throws {
        // VP8X stores the canvas as 24-bit values minus one; an animation has no single frame.
        let bytes = Fixture.riff([Fixture.vp8xChunk(width: 70_000, height: 2, flags: 0x02), Fixture.riffChunk("ANIM", [0, 0, 0, 0, 0, 0])])
        let info = try HeaderProbe.probe(bytes: bytes)
        #expect(info.pixelWidth == 70_000 && info.pixelHeight == 2)
    }

    @Test func gifSizeIsTheLogicalScreen() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.gif(width: 320, height: 200))
        #expect(info == PhotoInfo(format: .gif, pixelWidth: 320, pixelHeight: 200, orientation: .up))
    }

    @Test func bmpWindowsHeader() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.bmp(width: 300, height: 200))
        #expect(info == PhotoInfo(format: .bmp, pixelWidth: 300, pixelHeight: 200, orientation: .up))
    }

    @Test func bmpTopDownHeightIsItsMagnitude() throws {
        let info = try HeaderProbe.probe(bytes: Fixture.bmp(width: 300, height: -200))
        #expect(info.pixelHeight == 200)
    }

    @Test(arguments: [12, 108, 124])
    func bmpOtherInfoHeaders(infoSize: Int) throws {
        let info = try HeaderProbe.probe(bytes: Fixture.bmp(width: 77, height: 55, infoSize: infoSize))
        #expect(info.pixelWidth == 77 && info.pixelHeight == 55)
    }

    @Test(arguments: [false, true], [false, true])
    func tiffSizeInBothByteOrdersAndTypes(bigEndian: Bool, longSizes: Bool) throws {
        let bytes = Fixture.tiff(width: 5000, height: 4000, bigEndian: bigEndian, longSizes: longSizes, orientation: 8)
        let info = try HeaderProbe.probe(bytes: bytes)
        #expect(info == PhotoInfo(format: .tiff, pixelWidth: 5000, pixelHeight: 4000, orientation: .left))
        #expect(info.displayedWidth == 4000 && info.displayedHeight == 5000)
    }

    @Test func tiffWithItsDirectoryAfterTheImageData() throws {
        let folder = TempFolder()
        let bytes = Fixture.tiff(width: 100_000, height: 3, longSizes: true, orientation: 3, dataBytes: 200_000)
        let info = try HeaderProbe.probe(folder.write("ifd-at-end.tif", bytes))
        #expect(info.pixelWidth == 100_000 && info.pixelHeight == 3 && info.orientation == .down)
    }

    @Test func probingAFileDoesNotTrustItsExtension() throws {
        let folder = TempFolder()
        let jpeg = Fixture.jpeg(width: 64, height: 48)
        #expect(try HeaderProbe.probe(folder.write("really-a-jpeg.png", jpeg)).format == .jpeg)
        #expect(try HeaderProbe.probe(folder.write("no-extension", jpeg)).format == .jpeg)
    }

    // MARK: Real encoders

    @Test(arguments: [
        ("jpg", ImageFormat.jpeg, [String]()), ("png", .png, []), ("webp", .webp, []),
        ("webp", .webp, ["-define", "webp:lossless=true"]), ("gif", .gif, []), ("bmp", .bmp, []),
        ("tif", .tiff, []),
    ])
    func filesWrittenByImageMagick(ext: String, format: ImageFormat, options: [String]) throws {
        let folder = TempFolder()
        let output = folder.path("photo.\(ext)")
        try convert(["-size", "333x222", "gradient:red-blue"] + options + [output.string])
        let info = try HeaderProbe.probe(output)
        #expect(info == PhotoInfo(format: format, pixelWidth: 333, pixelHeight: 222, orientation: .up))
    }

    @Test func tiffOrientationWrittenByImageMagick() throws {
        let folder = TempFolder()
        let output = folder.path("turned.tif")
        // Large enough that libtiff's directory lands beyond the first read.
        try convert(["-size", "200x150", "xc:red", "-orient", "LeftBottom", "-compress", "none", output.string])
        let info = try HeaderProbe.probe(output)
        #expect(info.orientation == .left)
        #expect(info.displayedWidth == 150 && info.displayedHeight == 200)
    }

    // MARK: Broken input

    @Test func everyTruncationOfAHeaderIsAnErrorNotACrash() throws {
        // Each file with the length up to the end of its size fields.
        let jpeg = Fixture.jpeg(width: 10, height: 10)
        let tiff = Fixture.tiff(width: 10, height: 10)
        let files: [(bytes: [UInt8], headerEnd: Int)] = [
            (jpeg, frameStart(jpeg) + 10),  // marker, length, precision, height, width, components
            (Fixture.png(width: 10, height: 10), 8 + 8 + 13),
            (Fixture.riff([Fixture.vp8Chunk(width: 10, height: 10)]), 12 + 8 + 10),
            (Fixture.riff([Fixture.vp8lChunk(width: 10, height: 10)]), 12 + 8 + 5),
            (Fixture.gif(width: 10, height: 10), 10),
            (Fixture.bmp(width: 10, height: 10), 26),
            (tiff, tiff.count - 4),   // the directory is last, before its 4-byte link
        ]
        for (bytes, headerEnd) in files {
            #expect(try HeaderProbe.probe(bytes: Array(bytes.prefix(headerEnd))).pixelWidth == 10)
            for cut in 0..<headerEnd {
                #expect(throws: ProbeError.self) { try HeaderProbe.probe(bytes: Array(bytes.prefix(cut))) }
            }
        }
    }

    private func frameStart(_ jpeg: [UInt8]) -> Int {
        (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
    }

    @Test func truncationIsReportedAsSuch() {
        let jpeg = Fixture.jpeg(width: 10, height: 10)
        #expect(throws: ProbeError.truncated(.jpeg)) { try HeaderProbe.probe(bytes: Array(jpeg.prefix(40))) }
        #expect(throws: ProbeError.truncated(.png)) { try HeaderProbe.probe(bytes: Array(Fixture.png(width: 1, height: 1).prefix(20))) }
        #expect(throws: ProbeError.emptyFile) { try HeaderProbe.probe(bytes: []) }
        #expect(throws: ProbeError.unknownFormat) { try HeaderProbe.probe(bytes: Array("hello, world".utf8)) }
    }

    @Test func zeroSizesAreCorrupt() {
        let files = [Fixture.png(width: 0, height: 10), Fixture.jpeg(width: 10, height: 0), Fixture.gif(width: 0, height: 0),
                     Fixture.bmp(width: 0, height: 5), Fixture.tiff(width: 5, height: 0)]
        for file in files {
            #expect {
                try HeaderProbe.probe(bytes: file)
            } throws: { error in
                (error as? ProbeError)?.description.hasPrefix("corrupt header") == true
            }
        }
    }

    @Test func absurdSizesAreCorrupt() {
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(bytes: Fixture.png(width: 1 << 31, height: 10)) }
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(bytes: Fixture.tiff(width: 0xFFFF_FFFF, height: 10, longSizes: true)) }
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(bytes: Fixture.bmp(width: -5, height: 10)) }
    }

    @Test func impossibleHeadersAreCorrupt() {
        var noIHDR = Fixture.png(width: 5, height: 5)
        noIHDR[12] = UInt8(ascii: "X")
        var eoiFirst: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        eoiFirst += Fixture.jpeg(width: 5, height: 5).dropFirst(2)
        var tiffAtZero = Fixture.tiff(width: 5, height: 5)
        tiffAtZero[4] = 0
        for bytes in [noIHDR, eoiFirst, tiffAtZero, Fixture.png(width: 5, height: 5, depth: 3),
                      Fixture.riff([Fixture.riffChunk("VP8L", [0x00, 1, 2, 3, 4, 5, 6, 7])])] {
            #expect {
                try HeaderProbe.probe(bytes: bytes)
            } throws: { error in
                (error as? ProbeError)?.description.hasPrefix("corrupt header") == true
            }
        }
    }

    @Test func endlessSegmentsEndInAnError() {
        // 5000 empty COM segments: the walk gives up instead of reading on for ever.
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<5000 { bytes += [0xFF, 0xFE, 0x00, 0x02] }
        #expect(throws: ProbeError.self) { try HeaderProbe.probe(bytes: bytes) }
    }

    @Test func mutatedHeadersNeverCrash() {
        // Deterministic mutations of every fixture: bytes flipped, lengths and offsets broken.
        let seeds: [[UInt8]] = [
            Fixture.jpeg(width: 99, height: 77, exif: Fixture.exifTIFF(orientation: 6)),
            Fixture.png(width: 99, height: 77, exif: Fixture.exifTIFF(orientation: 6)),
            Fixture.webpWithExif(width: 99, height: 77, exif: Fixture.exifTIFF(orientation: 6)),
            Fixture.riff([Fixture.vp8Chunk(width: 99, height: 77)]),
            Fixture.gif(width: 99, height: 77), Fixture.bmp(width: 99, height: 77),
            Fixture.tiff(width: 99, height: 77, orientation: 6),
        ]
        var generator = SeededGenerator(seed: 42)
        var probed = 0
        for seed in seeds {
            for _ in 0..<3000 {
                var bytes = seed
                for _ in 0...Int.random(in: 0..<4, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))) }
                if let info = try? HeaderProbe.probe(bytes: bytes) {
                    #expect(info.pixelWidth > 0 && info.pixelHeight > 0 && info.pixelWidth <= PhotoInfo.maximumSide)
                }
                probed += 1
            }
        }
        #expect(probed == seeds.count * 3000)
    }

    @Test func fifoIsRefusedWithoutBlocking() {
        let folder = TempFolder()
        folder.mkfifo("pipe.jpg")
        #expect(throws: ProbeError.file(.notRegularFile(kind: "fifo"))) { try HeaderProbe.probe(folder.path("pipe.jpg")) }
    }
}
