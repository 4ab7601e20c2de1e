#if canImport(Glibc)
import Glibc
#endif
import CInput
import CSDL2
import Waterfall

/// Touch screens on the console, read through libinput instead of SDL.
///
/// SDL stamps each event when the frame loop pumps it, so every finger event read after a slow
/// frame carries one time: a tap whose lift waited a long frame is no tap, a flick's samples
/// collapse into one, and a finger that rested before lifting looks like a flick. libinput
/// gives the kernel's own time of each report, and applies the calibration a panel's udev
/// entry sets (`LIBINPUT_CALIBRATION_MATRIX`), which SDL ignores. While this runs, SDL's finger
/// events are ignored; keys and mice stay SDL's.
@MainActor
final class ConsoleTouch {
    private let udev: OpaquePointer
    private let context: OpaquePointer
    /// Reports not handed to the loop yet, in order.
    private var pending: [InputEvent] = []
    private var pendingHead = 0
    /// Where each finger down was last: libinput's lift carries no position.
    private var lastPoints: [Int: Point] = [:]

    /// Opens every touch screen of the seat through udev (devices plugged in later too); nil
    /// where libinput or udev cannot be opened or started (then SDL's touches are used).
    init?(seat: String = "seat0") {
        guard cascade_input_open(), let udev = udev_new() else { return nil }
        guard let context = libinput_udev_create_context(&Self.interface, nil, udev) else {
            udev_unref(udev)
            return nil
        }
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.context = context
    }

    isolated deinit {
        libinput_unref(context)
        udev_unref(udev)
    }

    /// Readable when libinput has something: for the console's poll(2).
    var descriptor: Int32 { libinput_get_fd(context) }

    /// The next touch report, reading what the kernel has first; nil when none is waiting.
    /// Points are in the logical pixels of a screen of `size`, times on SDL's clock in seconds.
    func next(screenSize size: Size) -> InputEvent? {
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            read(screenSize: size)
        }
        guard pendingHead < pending.count else { return nil }
        defer { pendingHead += 1 }
        return pending[pendingHead]
    }

    private func read(screenSize size: Size) {
        guard libinput_dispatch(context) == 0 else { return }
        // The kernel stamps with CLOCK_MONOTONIC, SDL counts from its start on its own
        // monotonic clock: the offset is taken now, so the two never drift apart.
        let offset = Double(SDL_GetTicks64()) / 1000 - Self.monotonicNow()
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            let type = libinput_event_get_type(event)
            // Devices coming and going, keys and pointers (SDL's) are not asked about: libinput
            // logs a client bug for a touch question about any other event.
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL: break
            default: continue
            }
            guard let touch = libinput_event_get_touch_event(event) else { continue }
            let time = Double(libinput_event_touch_get_time_usec(touch)) / 1_000_000 + offset
            // Seat slots are unique across the seat's screens and never negative, so a finger
            // never takes the mouse's id.
            let id = Int(max(0, libinput_event_touch_get_seat_slot(touch)))
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
                let point = Point(x: libinput_event_touch_get_x_transformed(touch, UInt32(max(1, size.width))),
                                  y: libinput_event_touch_get_y_transformed(touch, UInt32(max(1, size.height))))
                lastPoints[id] = point
                pending.append(type == LIBINPUT_EVENT_TOUCH_DOWN
                    ? .pointerDown(id: id, at: point, time: time) : .pointerMoved(id: id, to: point, time: time))
            case LIBINPUT_EVENT_TOUCH_UP:
                guard let point = lastPoints.removeValue(forKey: id) else { continue }
                pending.append(.pointerUp(id: id, at: point, time: time))
            default:
                guard lastPoints.removeValue(forKey: id) != nil else { continue }
                pending.append(.pointerCancelled(id: id, time: time))
            }
        }
    }

    private static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }

    /// How libinput opens devices: as this process may (the `input` group), read-only where
    /// writing is refused (the kiosk unit allows input devices read-only: its cgroup answers
    /// EPERM, file modes EACCES) — touch needs no LEDs.
    nonisolated(unsafe) private static var interface = libinput_interface(
        open_restricted: { path, flags, _ in
            guard let path else { return -EINVAL }
            var fd = open(path, flags | O_CLOEXEC)
            if fd < 0, errno == EACCES || errno == EPERM { fd = open(path, (flags & ~O_ACCMODE) | O_RDONLY | O_CLOEXEC) }
            return fd < 0 ? -errno : fd
        },
        close_restricted: { fd, _ in close(fd) })
}
