// libFuzzer target for the header probe: every format's header walk, the format sniffing and
// the EXIF reading they do, fed bytes as if they were a file's start. Built only with
// CASCADE_FUZZ=1 and -sanitize=fuzzer (see script/dev/fuzz): libFuzzer supplies main().
import Photos

@_cdecl("LLVMFuzzerTestOneInput")
public func probeFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let info = try HeaderProbe.probe(bytes: bytes)
        // What the wall relies on when it lays out the tile: a real, bounded size.
        precondition(info.pixelWidth >= 1 && info.pixelWidth <= PhotoInfo.maximumSide)
        precondition(info.pixelHeight >= 1 && info.pixelHeight <= PhotoInfo.maximumSide)
        precondition(info.aspectRatio.isFinite && info.aspectRatio > 0)
        precondition(ImageFormat.sniff(bytes) == info.format)
    } catch {
        // Every refusal must have a reason to log and show on the error tile.
        precondition(!error.description.isEmpty)
    }
    return 0
}
