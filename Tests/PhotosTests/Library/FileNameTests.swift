import Testing
@testable import Photos

@Suite("File names as the watcher keeps them") struct FileNameTests {
    @Test("every name comes back byte for byte, short or long, text or not, and equal names are equal keys")
    func namesRoundTrip() {
        let names: [[UInt8]] = [
            [], Array("a".utf8), Array("IMG_1234.JPG".utf8), Array(repeating: UInt8(ascii: "x"), count: 22),
            Array(repeating: UInt8(ascii: "y"), count: 23), Array(repeating: UInt8(ascii: "z"), count: 24),
            Array("PXL_20240612_183011123.MP.jpg".utf8), [0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67], Array(repeating: 0xC3, count: 255),
        ]
        for name in names {
            #expect(FileName(name).bytes == name)
            #expect(FileName(name) == FileName(Array(name)))
        }
        #expect(Set(names.map(FileName.init)).count == names.count)
        // Same length, one byte apart; and a name that is another's prefix.
        #expect(FileName(Array("IMG_0001.jpg".utf8)) != FileName(Array("IMG_0002.jpg".utf8)))
        #expect(FileName(Array("a.jpg".utf8)) != FileName(Array("a.jpg\u{0}".utf8)))
    }
}
