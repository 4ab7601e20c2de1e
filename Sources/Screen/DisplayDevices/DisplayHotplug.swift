#if canImport(Glibc)
import Glibc
#endif

/// Hears the kernel say a display output may have changed: the "change" uevent a DRM card
/// sends (with `HOTPLUG=1`) when a connector is plugged or unplugged. Any change uevent of a
/// DRM card counts, since reading the connector again is cheap and decides by its status:
/// a driver that does not poll its outputs (QEMU's bochs) sends none when a connector's status
/// is forced through sysfs, and `udevadm trigger --action=change` then stands in for it.
/// A netlink socket on the kernel's uevent group, so no udev daemon or libudev is needed
/// and nothing is polled: the console loop sleeps on `descriptor` with its other fds.
@MainActor
public final class DisplayHotplug {
    /// Readable when the kernel sent something; -1 when no socket could be had (then a screen
    /// coming and going goes unnoticed, as before).
    public let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 8192)

    public init() {
        let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                        Self.kobjectUevent)
        guard fd >= 0 else { descriptor = -1; return }
        // Group 1: the kernel's own uevents (udev re-sends them on group 2, only when it runs).
        var address = NetlinkAddress(family: sa_family_t(AF_NETLINK), groups: 1)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<NetlinkAddress>.size)) }
        }
        guard bound == 0 else { close(fd); descriptor = -1; return }
        descriptor = fd
    }

    /// linux/netlink.h, which Glibc's module leaves out.
    private static let kobjectUevent: Int32 = 15
    /// `struct sockaddr_nl`: family, padding, port id (0: the kernel picks), multicast groups.
    private struct NetlinkAddress {
        var family: sa_family_t
        var pad: UInt16 = 0
        var pid: UInt32 = 0
        var groups: UInt32
    }

    isolated deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads every waiting uevent without blocking; true when one was a DRM card's change.
    public func drain() -> Bool {
        guard descriptor >= 0 else { return false }
        var hotplug = false
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return hotplug }
            if Self.isDisplayHotplug(buffer[..<got]) { hotplug = true }
        }
    }

    /// A kernel uevent is `ACTION@DEVPATH` then `KEY=value` fields, each ended by a NUL.
    /// Pure, for tests.
    nonisolated static func isDisplayHotplug(_ message: ArraySlice<UInt8>) -> Bool {
        let fields = message.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return fields.contains("SUBSYSTEM=drm") && fields.contains("ACTION=change")
    }
}
