// libFuzzer target for the EXIF reader (libexif underneath, behind our size cap) — orientation,
// the info panel's summary and the scan's date taken: the bytes
// are an EXIF block as a PNG eXIf or WebP EXIF chunk holds it — a bare TIFF structure or one
// with "Exif\0\0" in front, the JPEG APP1 form. Built only with CASCADE_FUZZ=1 and
// -sanitize=fuzzer (see script/dev/fuzz): libFuzzer supplies main().
import Photos

@_cdecl("LLVMFuzzerTestOneInput")
public func exifFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Any answer is fine (a broken tag means .up); what must not happen is a crash, a hang, a
    // leak or a read outside the block — the sanitizer and libFuzzer's limits catch those.
    let orientation = ExifOrientation.read(tiffBlock: bytes)
    precondition(Orientation.allCases.contains(orientation))
    // The info panel's reader walks more of the block: every tag it shows, the GPS IFD too.
    let summary = ExifSummary(exifBlock: Array("Exif".utf8) + [0, 0] + bytes)
    precondition(summary.latitude.map { abs($0) <= 180 } ?? true)
    // The scan's date: whatever parses must survive the entry's compact storage unchanged.
    if let date = ExifOrientation.readDate(tiffBlock: bytes) {
        let info = PhotoInfo(format: .jpeg, pixelWidth: 1, pixelHeight: 1, orientation: .up, taken: .taken(date))
        precondition(info.taken == .taken(date))
    }
    return 0
}
