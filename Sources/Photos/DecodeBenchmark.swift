import Glibc

extension PhotoDecoder {
    /// For `cascade bench`: decodes the file to a `side`×`side` filled tile `iterations`
    /// times on the calling thread and returns the mean in milliseconds. The file is read
    /// once beforehand, so this measures decoding, not the disk.
    public static func benchmarkTile(path: PhotoPath, format: ImageFormat,
                                     storedSize: (width: Int, height: Int)? = nil,
                                     side: Int = 256, iterations: Int = 20) throws(DecodeError) -> Double {
        let data = try DecodeInput.read(path)
        // One untimed run: the first touches the libraries' lazy set-up and faults pages in.
        _ = try decode(data: data, format: format, storedSize: storedSize, box: (side, side), mode: .fill)
        let runs = max(1, iterations)
        let start = monotonicNanoseconds()
        for _ in 0..<runs {
            _ = try decode(data: data, format: format, storedSize: storedSize, box: (side, side), mode: .fill)
        }
        return Double(monotonicNanoseconds() - start) / Double(runs) / 1_000_000
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
