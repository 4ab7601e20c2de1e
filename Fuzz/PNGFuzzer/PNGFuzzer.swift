// libFuzzer target for PNG reading: the rows cascade reads over ISA-L's inflate (png_idat.c) must
// be libpng's to the byte, and a file that reader turns down must get libpng's own answer. Built
// only with CASCADE_FUZZ=1 and -sanitize=fuzzer (see script/dev/fuzz): libFuzzer supplies main().
import Photos

/// CRC-32 as PNG's chunks carry it.
let crcTable: [UInt32] = (0..<256).map { n in
    (0..<8).reduce(UInt32(n)) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
}

/// Every whole chunk's CRC made right: a mutation inside a chunk would otherwise only ever
/// reach the CRC check, never the sizes, the inflate or the row filters behind it.
func withRightCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    var at = 8
    while at + 12 <= bytes.count {
        let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - at - 12 else { break }
        let crc = ~bytes[at + 4..<at + 8 + length].reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
        for i in 0..<4 { bytes[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
        at += 12 + length
    }
    return bytes
}

@_cdecl("LLVMFuzzerTestOneInput")
public func pngFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Odd inputs as they come (a bad CRC is libpng's to judge too), even ones with right CRCs.
    let file = size % 2 == 0 ? withRightCRCs(bytes) : bytes
    for textAfterImage in [true, false] {
        precondition(PNGReaderCheck.readersAgree(file, maxPixels: 1 << 20, textAfterImage: textAfterImage),
                     "the two PNG readers disagree (texts after the image read: \(textAfterImage))")
    }
    return 0
}
