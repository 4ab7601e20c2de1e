// The time zone is read by glibc's tzset the first time anything asks for local time (a log
// line's timestamp does), and tzset opens the file TZ names with a plain blocking open: TZ naming
// a FIFO hangs that thread until a writer comes, and a device may never end. The file is
// looked at here with stat, which never blocks, before any thread starts; one that is not a
// regular file is not used, and the zone comes from the system's file instead.

import Glibc

public enum TimeZoneGuard {
    static let systemFile = "/etc/localtime"
    static let standardDirectory = "/usr/share/zoneinfo"

    /// The file tzset would open for these values of TZ and TZDIR, as glibc finds it: unset
    /// means the system's file, empty means `Universal`, a leading `:` is dropped, and a
    /// relative name is looked for under TZDIR. nil: no file is read (`TZ=:` is UTC).
    static func zoneFile(tz: String?, tzdir: String?) -> String? {
        guard var name = tz else { return systemFile }
        if name.isEmpty { name = "Universal" }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.isEmpty { return nil }
        if name.hasPrefix("/") { return name }
        let directory = tzdir.flatMap { $0.isEmpty ? nil : $0 } ?? standardDirectory
        return directory + "/" + name
    }

    /// What `path` is when it is there and not a regular file ("a FIFO"); nil when it is a
    /// regular file or missing (tzset then falls back by itself, without waiting).
    static func unusable(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    /// Makes the time zone safe to read: TZ is dropped when it names something that is not a
    /// regular file, and set to UTC when the system's file is not one either. Call first thing
    /// in `main`, while the process has one thread (setenv is not safe beside readers). Returns
    /// the line to tell the user, nil when nothing was changed.
    public static func makeSafe() -> String? {
        let tz = environment("TZ"), tzdir = environment("TZDIR")
        guard let file = zoneFile(tz: tz, tzdir: tzdir), let kind = unusable(file) else { return nil }
        let named = tz.map { $0.hasSuffix(file) ? "TZ=\($0)" : "TZ=\($0) names \(file), which" } ?? "the system's time zone \(file)"
        if tz != nil {
            unsetenv("TZ")
            if let system = zoneFile(tz: nil, tzdir: tzdir), unusable(system) == nil {
                return "\(named) is \(kind), not a time zone file: using the system's time zone (\(system))"
            }
        }
        // Named without TZDIR, which could point "UTC" at another FIFO.
        unsetenv("TZDIR")
        setenv("TZ", "UTC", 1)
        return "\(named) is \(kind), not a time zone file: using UTC"
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
