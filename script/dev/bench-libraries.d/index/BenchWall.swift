// The wall both sides save and load: 100,000 entries like a camera library's, in folders of 1000.
import Glibc

public enum BenchWall {
    public static let count = 100_000
    public static let key = WallKey(paths: [PhotoPath("/home/user/Pictures")], order: .name, reversed: false)

    public static func entries(_ count: Int = count) -> [PhotoEntry] {
        (0..<count).map { i in
            let relative = "\(2000 + i / 10_000)/\(String(format2(i / 1000 % 10)))/IMG_\(10_000 + i).JPG"
            let info = i % 50 == 0 ? nil : PhotoInfo(format: i % 8 == 0 ? .heif : .jpeg, pixelWidth: 4000, pixelHeight: 3000,
                                                     orientation: i % 4 == 1 ? .right : .up)
            return PhotoEntry(path: PhotoPath("/home/user/Pictures/" + relative), relative: PhotoPath(relative),
                              group: 0, mtime: FileTime(seconds: 1_700_000_000 + Int64(i), nanoseconds: Int32(i % 1000) * 1000),
                              fileSize: 3_000_000 + i, fileID: FileID(device: 2049, inode: UInt64(500_000 + i)), info: info)
        }
    }

    static func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    public static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    public static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// Runs `save` then `load` RUNS times after a warm-up; prints the medians (thread CPU and wall).
    public static func measure(_ name: String, runs: Int, save: () throws -> Void, load: () throws -> Int) rethrows {
        var saves: [Double] = [], loads: [Double] = [], loaded = 0
        for run in 0...runs {
            let a = threadCPU(); try save(); let b = threadCPU(); loaded = try load(); let c = threadCPU()
            if run > 0 { saves.append(b - a); loads.append(c - b) }
        }
        print("\(name): save \(Int(median(saves) * 1000)) ms, load \(Int(median(loads) * 1000)) ms (\(loaded) entries; medians of \(runs), thread CPU)")
    }
}
