#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Sleeps the frame loop on the console until something can have happened.
///
/// SDL 2's kmsdrm driver has no blocking wait: SDL_WaitEventTimeout pumps and sleeps a
/// millisecond in a loop (SDL_events.c), a thousand wake-ups a second on a kiosk that should
/// sleep for hours with its screen off. This waits in poll(2) on what SDL itself reads — an
/// own read-only descriptor on every /dev/input/event* (each opener gets its own copy of the
/// events, so draining ours takes nothing from SDL), /dev/input for devices plugged in later —
/// and on the doorbell every `Waker` rings. SDL then pumps and finds whatever woke us.
@MainActor
final class ConsoleWait {
    static let folder = "/dev/input"
    /// Open input devices by node name ("event3").
    private var devices: [String: Int32] = [:]
    /// inotify on /dev/input, or -1 when the kernel would not give one (then the devices
    /// present at start are all that wake the loop; SDL still finds new ones when it pumps).
    private let arrivals: Int32
    private var scratch = [UInt8](repeating: 0, count: 4096)

    init() {
        Doorbell.arm()
        var watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if watch >= 0, inotify_add_watch(watch, Self.folder, UInt32(IN_CREATE | IN_ATTRIB)) < 0 {
            close(watch)
            watch = -1
        }
        arrivals = watch
        openNewDevices()
    }

    isolated deinit {
        for fd in devices.values { close(fd) }
        if arrivals >= 0 { close(arrivals) }
    }

    /// Returns when an input device has something, a `Waker` rang, a device arrived, a signal
    /// came, one of `others` is readable (left to its owner to read), or `milliseconds` passed
    /// (nil: no limit). True when something changed in /dev/input (a node made, or handed to
    /// the `input` group), for a reader of the devices that opens its own.
    @discardableResult
    func wait(milliseconds: Int?, orReadable others: [Int32] = []) -> Bool {
        let names = Array(devices.keys)
        var fds = names.map { pollfd(fd: devices[$0]!, events: Int16(POLLIN), revents: 0) }
        fds.append(pollfd(fd: Doorbell.readEnd, events: Int16(POLLIN), revents: 0))
        // poll(2) skips a negative descriptor: the slots stay where the code below counts them.
        fds.append(pollfd(fd: arrivals, events: Int16(POLLIN), revents: 0))
        fds += others.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let timeout = milliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
        guard poll(&fds, nfds_t(fds.count), timeout) > 0 else { return false }
        for (i, name) in names.enumerated() where fds[i].revents != 0 {
            drain(name)
        }
        if fds[names.count].revents != 0 { Doorbell.drain(into: &scratch) }
        guard fds[names.count + 1].revents != 0 else { return false }
        _ = scratch.withUnsafeMutableBytes { read(arrivals, $0.baseAddress, $0.count) }
        openNewDevices()
        return true
    }

    /// Reads a device's waiting events and throws them away; a device unplugged goes.
    private func drain(_ name: String) {
        guard let fd = devices[name] else { return }
        while true {
            let got = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got > 0 { continue }
            if got < 0, errno == EINTR { continue }
            if got < 0, errno == EAGAIN { return }
            // ENODEV (unplugged) or end of file.
            close(fd)
            devices[name] = nil
            return
        }
    }

    /// Opens every event node not open yet. A node udev has not yet handed to the `input`
    /// group fails now and is tried again at its IN_ATTRIB.
    private func openNewDevices() {
        guard let folder = opendir(Self.folder) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.hasPrefix("event"), devices[name] == nil else { continue }
            let fd = open("\(Self.folder)/\(name)", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { devices[name] = fd }
        }
    }
}

/// The pipe every `Waker` rings once the console wait listens, so a decode finished or a
/// control request ends the sleep as SDL's own wake event would on X11. Process-wide and never
/// closed, like SDL's event queue: a ring from another thread can never land on a descriptor
/// number reused by something else.
enum Doorbell {
    private static let ends: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        // Neither end blocks (a ring never stalls a decoder) or passes to a child.
        ends.forEach { _ = fcntl($0, F_SETFL, O_NONBLOCK); _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }()
    private static let armed = Atomic<Bool>(false)

    static var readEnd: Int32 { ends.read }

    static func arm() {
        _ = ends
        armed.store(true, ordering: .releasing)
    }

    /// Safe from any thread; never blocks (a full pipe is already ringing).
    static func ring() {
        guard armed.load(ordering: .acquiring) else { return }
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }

    static func drain(into scratch: inout [UInt8]) {
        while scratch.withUnsafeMutableBytes({ read(ends.read, $0.baseAddress, $0.count) }) > 0 {}
    }
}
