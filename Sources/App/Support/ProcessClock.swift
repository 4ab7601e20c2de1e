#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Time since this process started — what "first full screen in N ms" is measured from, so
/// loading the binary and its libraries counts, as it does for the person waiting.
public enum ProcessClock {
    /// Seconds since the kernel started this process (10 ms resolution: the kernel counts
    /// process start in clock ticks), or nil when /proc is not there.
    public static func sinceStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces); starttime is field 22 overall.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        var now = timespec()
        guard hz > 0, clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return max(0, uptime - ticks / hz)
    }

    /// A monotonic clock in seconds, for the frame loop and animations.
    public static func now() -> Double { ProcessInfo.processInfo.systemUptime }
}
