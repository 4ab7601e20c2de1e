import Foundation

/// How much memory the decoders may count on: the kernel's MemAvailable, lowered by the
/// control group's limit (systemd's MemoryMax=, a container's) minus what the group already
/// uses. Decode workers are sized by it as well as by cores: each may reach what one decode of the
/// largest allowed photo costs in the costliest format (`bytesPerWorker`), so a few
/// decompression bombs at once can take gigabytes (docs/reliability.md, "What a decode may cost").
public struct MemoryBudget: Sendable, Equatable {
    /// Bytes that can still be used; nil when neither /proc/meminfo nor a cgroup says.
    public let availableBytes: Int?

    public init(availableBytes: Int?) { self.availableBytes = availableBytes }

    /// Read from the machine; `root` lets tests stand in their own /proc and /sys files.
    public static func current(root: String = "") -> MemoryBudget {
        let meminfo = read(root + "/proc/meminfo").flatMap(memAvailable)
        let group = read(root + "/proc/self/cgroup").flatMap { cgroupRoom(root: root, cgroupFile: $0) }
        switch (meminfo, group) {
        case let (machine?, group?): return MemoryBudget(availableBytes: min(machine, group))
        case let (machine, group): return MemoryBudget(availableBytes: machine ?? group)
        }
    }

    /// "MemAvailable:   23412864 kB" in bytes.
    static func memAvailable(_ text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let kib = Int(fields[1]) else { return nil }
            return kib * 1024
        }
        return nil
    }

    /// The room left under this process's memory cgroup limit: cgroup v2 (`0::/path`,
    /// memory.max and memory.current) or v1 (`N:memory:/path`, memory.limit_in_bytes and
    /// memory.usage_in_bytes). nil when there is no limit or it cannot be read.
    static func cgroupRoom(root: String, cgroupFile: String) -> Int? {
        for line in cgroupFile.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let path = parts[2] == "/" ? "" : String(parts[2])
            let (folder, limitFile, usageFile): (String, String, String)
            if parts[1] == "memory" {
                (folder, limitFile, usageFile) = (root + "/sys/fs/cgroup/memory" + path, "memory.limit_in_bytes", "memory.usage_in_bytes")
            } else if parts[0] == "0" && parts[1].isEmpty {
                (folder, limitFile, usageFile) = (root + "/sys/fs/cgroup" + path, "memory.max", "memory.current")
            } else {
                continue
            }
            // "max" (v2) or a huge page-rounded number (v1) means no limit.
            guard let limitText = read(folder + "/" + limitFile)?.trimmingCharacters(in: .whitespacesAndNewlines),
                  let limit = Int(limitText), limit < 1 << 60 else { continue }
            let used = read(folder + "/" + usageFile).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            return max(0, limit - used)
        }
        return nil
    }

    private static func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// What one decode worker may reach at its peak: one decode of the largest allowed photo in
    /// the costliest format (`maxPixels` × `DecodeMemory.worstBytesPerPixel`, libheif's and
    /// libjxl's own buffers counted; JPEG, PNG, WebP, GIF, BMP and TIFF take at most
    /// `DecodeMemory.otherFormatsBytesPerPixel`) and the libraries it loads.
    public static func bytesPerWorker(maxPixels: Int) -> Int {
        let (bytes, overflow) = maxPixels.multipliedReportingOverflow(by: DecodeMemory.worstBytesPerPixel)
        return overflow ? Int.max / 2 : bytes + DecodeMemory.libraryOverhead + workerBaseline
    }

    /// A decode worker's RLIMIT_AS for that budget: its peak plus the address space it maps
    /// without using (glibc's arenas, thread stacks, the libraries' unread pages).
    public static func addressSpace(maxPixels: Int) -> Int {
        let bytes = bytesPerWorker(maxPixels: maxPixels)
        return bytes >= Int.max / 2 ? bytes : bytes + unusedAddressSpace
    }

    /// A decode worker's resident size before it decodes anything (cascade's libraries), rounded up.
    static let workerBaseline = 64 << 20

    /// The address space a worker maps without using it (an idle one maps 100–130 MiB; a
    /// decode adds its threads' stacks and malloc arenas), rounded up.
    static let unusedAddressSpace = 512 << 20

    /// The pixel budget one decode may use here: `maxPixels`, lowered when the memory left
    /// cannot hold even one worker at that budget — but never below `floorPixels`, so a photo
    /// of a common size still decodes.
    public func pixelsPerDecode(maxPixels: Int) -> Int {
        guard let available = availableBytes else { return maxPixels }
        let room = available - Self.workerBaseline - DecodeMemory.libraryOverhead
        return min(maxPixels, max(Self.floorPixels, room / DecodeMemory.worstBytesPerPixel))
    }

    /// 16 megapixels: 64 MB, what a phone photo takes.
    static let floorPixels = 16_000_000

    /// How many workers fit: one per core, but no more than the memory holds at once at their
    /// peaks — and always one, so photos still show (one at a time) on a machine short of memory.
    public func workers(cores: Int, maxPixels: Int) -> Int {
        let byCores = max(1, cores)
        guard let available = availableBytes else { return byCores }
        return max(1, min(byCores, available / Self.bytesPerWorker(maxPixels: maxPixels)))
    }
}
