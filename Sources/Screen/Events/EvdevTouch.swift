#if canImport(Glibc)
import Glibc
#endif
import CEvdev
import CSDL2
import Waterfall

/// Touch screens on the console read from the kernel's event devices, where libinput cannot
/// start (not installed, or no udev): `ConsoleTouch`'s fallback.
///
/// SDL 2's own evdev reader was the fallback once, but at open it copies the positions of only
/// the slots that hold a finger then, and the kernel passes a position only when it changed: a
/// finger landing where the last one before the start lifted was reported at the screen's
/// corner. The slots are kept here (`TouchSlots`) as libevdev keeps them, by hand because
/// libevdev comes with libinput and is missing exactly where this runs. The reports carry the
/// kernel's times, as libinput's do; there is no calibration matrix (that is udev's, through
/// libinput). While this runs, SDL's finger events are ignored; keys and mice stay SDL's.
@MainActor
final class EvdevTouch {
    private final class Device {
        let fd: Int32
        /// The node's inode: a node made again under the same name is another device.
        let inode: UInt
        let screen: cascade_evdev_touch_screen
        var slots: TouchSlots
        /// Whether the kernel stamps on CLOCK_MONOTONIC (otherwise the wall clock, which is
        /// no use here: reports are then stamped when read).
        let monotonic: Bool

        init(fd: Int32, inode: UInt, screen: cascade_evdev_touch_screen, slots: TouchSlots, monotonic: Bool) {
            self.fd = fd
            self.inode = inode
            self.screen = screen
            self.slots = slots
            self.monotonic = monotonic
        }
    }

    private struct Finger: Hashable {
        let device: String
        let slot: Int
    }

    static let folder = "/dev/input"
    /// Open touch screens by node name ("event3").
    private var devices: [String: Device] = [:]
    /// Nodes found to be no touch screen, by name, with their inode.
    private var others: [String: UInt] = [:]
    /// The id the loop knows each finger down by: the smallest free, as libinput's seat slots,
    /// so ids stay unique across screens and never negative (the mouse's is -1).
    private var ids: [Finger: Int] = [:]
    private var pending: [InputEvent] = []
    private var pendingHead = 0
    private var scratch = [cascade_evdev_event](repeating: cascade_evdev_event(), count: 64)

    init() {
        lookForDevices()
    }

    isolated deinit {
        for device in devices.values { close(device.fd) }
    }

    /// What poll(2) waits on.
    var descriptors: [Int32] { devices.values.map(\.fd) }

    /// Opens the touch screens in /dev/input not open yet: at start, and whenever `ConsoleWait`
    /// sees a node arrive (or udev hand it to the `input` group, so a refused open is tried again).
    func lookForDevices() {
        guard let folder = opendir(Self.folder) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.hasPrefix("event"), devices[name] == nil else { continue }
            let path = "\(Self.folder)/\(name)"
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            let inode = UInt(status.st_ino)
            if others[name] == inode { continue }
            openIfTouchScreen(path, name: name, inode: inode)
        }
    }

    private func openIfTouchScreen(_ path: String, name: String, inode: UInt) {
        let fd = cascade_evdev_open(path)
        // Not readable yet (udev has not handed it to the `input` group): tried at its next change.
        guard fd >= 0 else { return }
        var screen = cascade_evdev_touch_screen()
        guard cascade_evdev_describe(fd, &screen) == 0, screen.kind != cascade_evdev_no_touch_screen else {
            others[name] = inode
            close(fd)
            return
        }
        // Before the state is read: the kernel flushes what is queued when the clock changes
        // (with a SYN_DROPPED, which `TouchSlots` answers by reading the state again).
        let monotonic = cascade_evdev_use_monotonic_clock(fd) == 0
        guard let state = Self.state(of: fd, screen) else {
            close(fd)
            return
        }
        let slots = TouchSlots(state: state.slots, currentSlot: state.current)
        devices[name] = Device(fd: fd, inode: inode, screen: screen, slots: slots, monotonic: monotonic)
    }

    /// The device's fingers and positions now, every slot's.
    private static func state(of fd: Int32, _ screen: cascade_evdev_touch_screen) -> (slots: [TouchSlots.Slot], current: Int)? {
        if screen.kind == cascade_evdev_single_touch {
            var touching = false, x: Int32 = 0, y: Int32 = 0
            guard cascade_evdev_read_single(fd, &touching, &x, &y) == 0 else { return nil }
            return ([TouchSlots.Slot(trackingID: touching ? 0 : -1, x: x, y: y)], 0)
        }
        // Beyond any panel made; a bound on what one device may make cascade allocate.
        let count = Int(screen.slots)
        guard (1...256).contains(count) else { return nil }
        var ids = [Int32](repeating: -1, count: count), xs = [Int32](repeating: 0, count: count)
        var ys = [Int32](repeating: 0, count: count), current: Int32 = 0
        guard cascade_evdev_read_slots(fd, Int32(count), &ids, &xs, &ys, &current) == 0 else { return nil }
        return ((0..<count).map { TouchSlots.Slot(trackingID: ids[$0], x: xs[$0], y: ys[$0]) }, Int(current))
    }

    /// The next touch report, reading what the kernel has first; nil when none is waiting.
    /// Points are in the logical pixels of a screen of `size`, times on SDL's clock in seconds.
    func next(screenSize size: Size) -> InputEvent? {
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            for name in devices.keys.sorted() { read(name, screenSize: size) }
        }
        guard pendingHead < pending.count else { return nil }
        defer { pendingHead += 1 }
        return pending[pendingHead]
    }

    private func read(_ name: String, screenSize size: Size) {
        guard let device = devices[name] else { return }
        // The kernel stamps with CLOCK_MONOTONIC, SDL counts from its start on its own
        // monotonic clock: the offset is taken now, so the two never drift apart.
        let now = Double(SDL_GetTicks64()) / 1000
        let offset = now - Self.monotonicNow()
        while true {
            let got = Int(cascade_evdev_read(device.fd, &scratch, Int32(scratch.count)))
            if got == 0 { return }
            if got < 0 {
                // Unplugged: the fingers it held lift where they were.
                gone(name, device, time: now, screenSize: size)
                return
            }
            for event in scratch.prefix(got) {
                guard let report = Self.report(event, kind: device.screen.kind) else { continue }
                let time = device.monotonic ? Double(event.seconds) + Double(event.microseconds) / 1_000_000 + offset : now
                var changes = device.slots.take(report)
                if device.slots.needsResync {
                    guard let state = Self.state(of: device.fd, device.screen) else {
                        gone(name, device, time: now, screenSize: size)
                        return
                    }
                    changes += device.slots.resync(state: state.slots, currentSlot: state.current)
                }
                for change in changes { append(change, on: name, device, time: time, screenSize: size) }
            }
        }
    }

    private func gone(_ name: String, _ device: Device, time: Double, screenSize size: Size) {
        for change in device.slots.liftAll() { append(change, on: name, device, time: time, screenSize: size) }
        close(device.fd)
        devices[name] = nil
    }

    /// A kernel report in the slots' terms; nil for what a touch screen's fingers are not
    /// (a multitouch screen's single-touch copy of its first finger among them).
    private static func report(_ event: cascade_evdev_event, kind: cascade_evdev_kind) -> TouchSlots.Report? {
        let code = Int32(event.code), multitouch = kind == cascade_evdev_multitouch
        switch Int32(event.type) {
        case EV_SYN:
            if code == SYN_REPORT { return .frame }
            return code == SYN_DROPPED ? .dropped : nil
        case EV_ABS where multitouch:
            switch code {
            case ABS_MT_SLOT: return .slot(Int(event.value))
            case ABS_MT_TRACKING_ID: return .trackingID(event.value)
            case ABS_MT_POSITION_X: return .x(event.value)
            case ABS_MT_POSITION_Y: return .y(event.value)
            default: return nil
            }
        case EV_ABS:
            if code == ABS_X { return .x(event.value) }
            return code == ABS_Y ? .y(event.value) : nil
        case EV_KEY where !multitouch && code == BTN_TOUCH:
            return .touching(event.value != 0)
        default:
            return nil
        }
    }

    private func append(_ change: TouchSlots.Change, on name: String, _ device: Device, time: Double, screenSize size: Size) {
        let screen = device.screen
        switch change {
        case .down(let slot, let x, let y):
            let finger = Finger(device: name, slot: slot)
            let used = Set(ids.values)
            var id = 0
            while used.contains(id) { id += 1 }
            ids[finger] = id
            pending.append(.pointerDown(id: id, at: Self.point(x, y, screen, size), time: time))
        case .moved(let slot, let x, let y):
            guard let id = ids[Finger(device: name, slot: slot)] else { return }
            pending.append(.pointerMoved(id: id, to: Self.point(x, y, screen, size), time: time))
        case .up(let slot, let x, let y):
            guard let id = ids.removeValue(forKey: Finger(device: name, slot: slot)) else { return }
            pending.append(.pointerUp(id: id, at: Self.point(x, y, screen, size), time: time))
        }
    }

    /// The device's units scaled to the screen's logical pixels as libinput scales them: the
    /// axis's range, both ends included, spans the screen.
    private static func point(_ x: Int32, _ y: Int32, _ screen: cascade_evdev_touch_screen, _ size: Size) -> Point {
        func scaled(_ value: Int32, _ minimum: Int32, _ maximum: Int32, _ length: Double) -> Double {
            let range = max(1, Double(maximum) - Double(minimum) + 1)
            return (Double(value) - Double(minimum)) * length / range
        }
        return Point(x: scaled(x, screen.x_minimum, screen.x_maximum, size.width),
                     y: scaled(y, screen.y_minimum, screen.y_maximum, size.height))
    }

    private static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }
}
