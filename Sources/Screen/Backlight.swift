// The screen's backlight where the kernel drives one: a laptop's panel, the Raspberry Pi's touch
// display, a DSI or eDP panel — `/sys/class/backlight/<name>/`, whose `brightness` file takes a
// value from 0 to `max_brightness`. Monitors on HDMI have none (their brightness is their own
// menu's), and then there is nothing to offer: `find` says nil.
//
// Brightness goes in percent, 1 to 100: 0 turns some panels' light fully off, which looks like a
// dead frame; dark is `screen off`'s job. The kernel's own value is rounded to the nearest step
// the device has, and read back the same way.
//
// CASCADE_BACKLIGHT_ROOT names another folder laid out like /sys/class/backlight; it is for the
// tests, which have no backlight to drive.

import Foundation

public struct Backlight: Sendable, Equatable {
    public static let percentRange = 1...100
    /// `/sys/class/backlight/<name>`.
    public let folder: String
    public let maximum: Int

    public var name: String { (folder as NSString).lastPathComponent }

    /// The kernel's backlight devices, or the test's folder.
    public static var root: String {
        ProcessInfo.processInfo.environment["CASCADE_BACKLIGHT_ROOT"] ?? "/sys/class/backlight"
    }

    /// The device to drive, if there is one. Several (a laptop's ACPI one beside its GPU's raw
    /// one) are chosen among as systemd-backlight and the desktops do: the firmware's interface
    /// first, then the platform's, then a GPU's raw register.
    public static func find(in root: String = root) -> Backlight? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return nil }
        let ranks = ["firmware": 0, "platform": 1, "raw": 2]
        let found = names.sorted().compactMap { name -> (rank: Int, backlight: Backlight)? in
            let folder = root + "/" + name
            guard let maximum = readNumber(folder + "/max_brightness"), maximum > 0 else { return nil }
            let type = (try? String(contentsOfFile: folder + "/type", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            return (ranks[type ?? ""] ?? 3, Backlight(folder: folder, maximum: maximum))
        }
        return found.min { $0.rank < $1.rank }?.backlight
    }

    /// The brightness now, in percent; nil when the file cannot be read.
    public func percent() -> Int? {
        guard let value = Self.readNumber(folder + "/brightness") else { return nil }
        return max(Self.percentRange.lowerBound, min(100, Int((Double(value) * 100 / Double(maximum)).rounded())))
    }

    /// Sets it; the error says why the kernel refused (most often: the file is root's, see
    /// docs/home-assistant.md for the udev rule that gives it to the video group).
    public func set(percent: Int) throws(BacklightError) {
        let clamped = max(Self.percentRange.lowerBound, min(Self.percentRange.upperBound, percent))
        // At least 1: the lowest percent must not be the dark 0 on a device with few steps.
        let value = max(1, Int((Double(clamped) * Double(maximum) / 100).rounded()))
        let path = folder + "/brightness"
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw BacklightError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let text = Array(String(value).utf8)
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == text.count else { throw BacklightError(path: path, reason: String(cString: strerror(errno))) }
    }

    private static func readNumber(_ path: String) -> Int? {
        // sysfs files are a line at most; a test's stray huge file is not read whole.
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 64) else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

public struct BacklightError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot set the backlight: \(path): \(reason)" }
}
