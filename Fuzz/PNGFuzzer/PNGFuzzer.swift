// libFuzzer target for PNG reading: the rows cascade reads over ISA-L's inflate (png_idat.c) must
// be libpng's to the byte, and a file that reader turns down must get libpng's own answer. Built
// only with CASCADE_FUZZ=1 and -sanitize=fuzzer (see script/fuzz): libFuzzer supplies main().
import Photos

@_cdecl("LLVMFuzzerTestOneInput")
public func pngFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    precondition(PNGReaderCheck.readersAgree(bytes, maxPixels: 1 << 22), "the two PNG readers disagree")
    return 0
}
