import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import App

/// Which file glibc's tzset would open for a TZ, and whether it may be opened without waiting.
@Suite struct TimeZoneGuardTests {
    @Test(arguments: [
        (nil, nil, "/etc/localtime"),
        ("Europe/Berlin", nil, "/usr/share/zoneinfo/Europe/Berlin"),
        (":Europe/Berlin", nil, "/usr/share/zoneinfo/Europe/Berlin"),
        ("/tmp/zone", nil, "/tmp/zone"),
        (":/tmp/zone", "/elsewhere", "/tmp/zone"),
        ("zone", "/elsewhere", "/elsewhere/zone"),
        ("zone", "", "/usr/share/zoneinfo/zone"),
        ("", nil, "/usr/share/zoneinfo/Universal"),
    ] as [(String?, String?, String)])
    func theFileTZNames(tz: String?, tzdir: String?, file: String) {
        #expect(TimeZoneGuard.zoneFile(tz: tz, tzdir: tzdir) == file)
    }

    @Test func tzOfAColonAloneNamesNoFile() {
        #expect(TimeZoneGuard.zoneFile(tz: ":", tzdir: nil) == nil)
    }

    @Test func aFIFOIsUnusableARegularOrMissingFileIsNot() throws {
        let fifo = NSTemporaryDirectory() + "cascade-tz-" + UUID().uuidString
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(TimeZoneGuard.unusable(fifo) == "a FIFO")
        #expect(TimeZoneGuard.unusable("/dev/null") == "a character device")
        #expect(TimeZoneGuard.unusable(fifo + "-missing") == nil)
        let file = fifo + "-file"
        FileManager.default.createFile(atPath: file, contents: Data())
        defer { unlink(file) }
        #expect(TimeZoneGuard.unusable(file) == nil)
    }
}
