// Memory of the decode workers: a 75 KB GIF LZW bomb took 0.9 GB in its worker —
// the pixel cap counted the image, not SDL's surface, its conversion and the copy — and the pool
// had as many workers as cores whatever the memory. Peak memory is read from /proc (VmHWM), not
// inferred from timing.

import Foundation
import Testing
@testable import Photos
import Waterfall
#if canImport(Glibc)
import Glibc
#endif

/// A process's peak resident size so far, in bytes (VmHWM).
func peakResident(_ pid: pid_t) -> Int? { statusBytes(pid, "VmHWM") }

/// A size from /proc/PID/status ("VmHWM:   1234 kB"), in bytes.
func statusBytes(_ pid: pid_t, _ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
          let kib = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kib * 1024
}

/// One colour over `width`×`height`: LZW squeezes it to almost nothing (a decompression bomb).
func gifBomb(_ dir: TempFolder, _ name: String, width: Int, height: Int) throws -> PhotoPath {
    let path = dir.path(name)
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    convert.arguments = ["-size", "\(width)x\(height)", "xc:black", path.string]
    try convert.run()
    convert.waitUntilExit()
    try #require(convert.terminationStatus == 0, "ImageMagick could not make \(name)")
    return path
}

@Suite("Decode workers' memory", .serialized)
struct WorkerMemoryTests {
    static let maxPixels = 20_000_000  // an 80 MB budget

    /// Decodes `photo` in a one-worker pool after a tiny GIF, and returns how far the worker's
    /// peak resident size rose above where the tiny decode left it.
    func peakRise(decoding photo: PhotoPath, size: PixelSize, dir: TempFolder) throws -> (rise: Int, result: Result<DecodedImage, DecodeError>) {
        let pool = DecoderPool(size: 1, configuration: workerConfiguration())
        defer { pool.shutdown() }
        let tiny = try gifBomb(dir, "tiny.gif", width: 64, height: 64)
        return try workerPeakRise(pool, warmUp: tiny, photo: photo, format: .gif, size: size, maxPixels: Self.maxPixels)
    }

    @Test("A GIF bomb at the pixel cap is refused before SDL allocates it: the worker's peak stays within the budget")
    func bombAtTheCapIsRefused() throws {
        let dir = TempFolder()
        let bomb = try gifBomb(dir, "bomb.gif", width: 4400, height: 4400)  // 19.4 Mpx, under 20 M
        #expect(try FileStamp.of(bomb).size < 200_000)
        let (rise, result) = try peakRise(decoding: bomb, size: PixelSize(width: 4400, height: 4400), dir: dir)
        // Compared as text: a decoded image in a failure message would be megabytes of numbers.
        switch result {
        case .failure(let error): #expect(error == .tooManyPixels(width: 4400, height: 4400))
        case .success(let image): Issue.record("decoded to \(image.width)×\(image.height) instead of refused")
        }
        #expect(rise <= Self.maxPixels * 4, "the worker's peak rose \(rise >> 20) MiB for a refused photo")
    }

    @Test("A GIF within the budget decodes, and every intermediate buffer together stays within maxPixels × 4 bytes")
    func bombWithinTheBudget() throws {
        let dir = TempFolder()
        let bomb = try gifBomb(dir, "big.gif", width: 3000, height: 3000)  // 9 Mpx: half the cap, less a bit
        let (rise, result) = try peakRise(decoding: bomb, size: PixelSize(width: 3000, height: 3000), dir: dir)
        let image = try result.get()
        #expect(image.width == 256 && image.height == 256)
        #expect(rise <= Self.maxPixels * 4, "peak rose \(rise >> 20) MiB, budget \((Self.maxPixels * 4) >> 20) MiB")
    }

    @Test("Workers are counted by memory as well as by cores, always at least one")
    func workersByMemory() {
        let perWorker = MemoryBudget.bytesPerWorker(maxPixels: 100_000_000)
        #expect(MemoryBudget(availableBytes: nil).workers(cores: 4, maxPixels: 100_000_000) == 4)
        #expect(MemoryBudget(availableBytes: 64 << 30).workers(cores: 4, maxPixels: 100_000_000) == 4)
        #expect(MemoryBudget(availableBytes: 2 * perWorker + 1).workers(cores: 4, maxPixels: 100_000_000) == 2)
        #expect(MemoryBudget(availableBytes: 100 << 20).workers(cores: 4, maxPixels: 100_000_000) == 1)
        // Short of memory, one decode's budget shrinks to what is there — not below a phone photo.
        let fifty = MemoryBudget.workerBaseline + DecodeMemory.libraryOverhead + DecodeMemory.worstBytesPerPixel * 50_000_000
        #expect(MemoryBudget(availableBytes: fifty).pixelsPerDecode(maxPixels: 100_000_000) == 50_000_000)
        #expect(MemoryBudget(availableBytes: 10 << 20).pixelsPerDecode(maxPixels: 100_000_000) == 16_000_000)
        #expect(MemoryBudget(availableBytes: 64 << 30).pixelsPerDecode(maxPixels: 100_000_000) == 100_000_000)
    }

    @Test("The budget is read from MemAvailable and the memory cgroup's limit (v1 and v2), whichever leaves less")
    func budgetFromProcAndCgroup() throws {
        let root = TempFolder()
        root.write("proc/meminfo", Array("MemTotal:  4000000 kB\nMemAvailable:    2000000 kB\n".utf8))
        root.write("proc/self/cgroup", Array("0::/system.slice/cascade-kiosk.service\n".utf8))
        #expect(MemoryBudget.current(root: root.path.string).availableBytes == 2_000_000 * 1024)
        root.write("sys/fs/cgroup/system.slice/cascade-kiosk.service/memory.max", Array("1073741824\n".utf8))
        root.write("sys/fs/cgroup/system.slice/cascade-kiosk.service/memory.current", Array("73741824\n".utf8))
        #expect(MemoryBudget.current(root: root.path.string).availableBytes == 1_000_000_000)
        root.write("sys/fs/cgroup/system.slice/cascade-kiosk.service/memory.max", Array("max\n".utf8))
        #expect(MemoryBudget.current(root: root.path.string).availableBytes == 2_000_000 * 1024)

        root.write("proc/self/cgroup", Array("4:memory:/box\n0::/\n".utf8))
        root.write("sys/fs/cgroup/memory/box/memory.limit_in_bytes", Array("536870912\n".utf8))
        root.write("sys/fs/cgroup/memory/box/memory.usage_in_bytes", Array("36870912\n".utf8))
        #expect(MemoryBudget.current(root: root.path.string).availableBytes == 500_000_000)
    }
}
