#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What one decode through libheif or libjxl costs in memory — the libraries' own buffers
/// counted, not just the RGBA image — and, in a decode worker, the cap that holds it there.
///
/// libheif and libjxl allocate several full-size planes per decode (the codec's YCbCr planes,
/// 16-bit intermediates for a 10-bit photo, the RGBA conversion), and libheif decodes as many
/// pixels as the bitstream codes, whatever its `ispe` box claims. So a decode's cost is reckoned
/// from the claimed size at the measured bytes per pixel, refused up front when the worker has
/// no room for it ("too large to decode here", tried again on a later start), and the worker's
/// soft RLIMIT_AS is lowered to exactly that room while the library runs: a file that codes more
/// pixels than it claims fails inside the library before its full-size buffers exist.
/// In-process decoding (`CASCADE_DECODE_IN_PROCESS=1`, tests) is not capped.
enum DecodeMemory {
    /// Peak bytes per pixel of a libheif or libjxl decode to a tile, everything alive at once —
    /// the library's planes, cascade's RGBA copy and the tile — measured as a decode worker's
    /// VmHWM rise at 16 and 100 megapixels, rounded up (BENCHMARKS.md, "What one decode costs").
    static func bytesPerPixel(_ format: ImageFormat, highBitDepth: Bool) -> Int {
        switch format {
        case .jxl: return 12
        default: return highBitDepth ? worstBytesPerPixel : 15
        }
    }

    /// What JPEG (a progressive one keeps every coefficient), PNG, WebP, GIF, BMP and TIFF take
    /// at most for each pixel the cap allows (GIF, BMP and TIFF may have half as many).
    static let otherFormatsBytesPerPixel = 8

    /// The most any format costs per pixel — a 10-bit 4:4:4 AVIF: what the largest allowed
    /// photo may take.
    static let worstBytesPerPixel = 28

    /// What a library's decode takes besides the pixels, also counted as address space: its
    /// threads' stacks and malloc arena, dav1d's and libde265's contexts.
    static let libraryOverhead = 192 << 20

    /// The bytes `pixels` of `format` may take, library overhead included.
    static func cost(pixels: Int, _ format: ImageFormat, highBitDepth: Bool) -> Int {
        let (bytes, overflow) = pixels.multipliedReportingOverflow(by: bytesPerPixel(format, highBitDepth: highBitDepth))
        return overflow ? Int.max / 2 : bytes + libraryOverhead
    }

    /// The worker's RLIMIT_AS in bytes; 0 outside a worker, where nothing is capped.
    private static let workerLimit = Atomic<Int>(0)

    /// Called once by a decode worker after it set its address-space limit.
    static func enterWorker(addressSpace: Int) {
        workerLimit.store(addressSpace, ordering: .relaxed)
    }

    /// In a worker: refuses a decode that would take `bytes` more than the worker has room for,
    /// else lowers the soft address-space limit to exactly that room until `lift()`. Nothing
    /// outside a worker. True when the decode is capped.
    @discardableResult
    static func limit(to bytes: Int) throws(DecodeError) -> Bool {
        let limit = workerLimit.load(ordering: .relaxed)
        guard limit > 0, let used = addressSpaceInUse() else { return false }
        guard bytes <= limit - used else { throw .outOfMemory }
        setSoftLimit(used + bytes)
        return true
    }

    /// Gives the worker its whole address space back.
    static func lift() {
        let limit = workerLimit.load(ordering: .relaxed)
        if limit > 0 { setSoftLimit(limit) }
    }

    /// VmSize, the first number in /proc/self/statm (in pages): what RLIMIT_AS is compared with.
    private static func addressSpaceInUse() -> Int? {
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, Int32(line.count), file) != nil,
              let pages = String(cString: line).split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    private static func setSoftLimit(_ bytes: Int) {
        var space = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &space) == 0 else { return }
        space.rlim_cur = min(rlim_t(bytes), space.rlim_max)
        setrlimit(Int32(RLIMIT_AS.rawValue), &space)
    }
}
