/// A touch screen's fingers as its kernel driver reports them, turned into downs, moves and
/// lifts: the part of an event device reader that libevdev would be (`EvdevTouch` says why it is
/// not). Pure: reports come in as values, the device's state at open as a value.
///
/// The kernel's input core passes a position only when it differs from the value it keeps for
/// that slot, so a finger that lands where the slot's last finger lifted arrives as a tracking id
/// and nothing else. Every slot's position is therefore kept, with a finger or without, from the
/// device's state at open on; a reader that starts with zeros puts such a finger at the corner.
struct TouchSlots {
    /// One report, in the terms of multitouch protocol B; a single-touch screen's are the same
    /// with `touching` for its BTN_TOUCH and one slot.
    enum Report: Equatable {
        /// ABS_MT_SLOT: the reports that follow are about this slot.
        case slot(Int)
        /// ABS_MT_TRACKING_ID: a new finger in the current slot, or -1: its finger lifted.
        case trackingID(Int32)
        case x(Int32)
        case y(Int32)
        /// BTN_TOUCH of a single-touch screen: its one finger down or up.
        case touching(Bool)
        /// SYN_REPORT: the frame is complete.
        case frame
        /// SYN_DROPPED: the kernel's buffer overflowed and reports were lost.
        case dropped
    }

    /// What one slot holds: its finger's tracking id (-1: none) and its last position, which
    /// stays after the finger lifts.
    struct Slot: Equatable {
        var trackingID: Int32
        var x: Int32
        var y: Int32

        init(trackingID: Int32 = -1, x: Int32 = 0, y: Int32 = 0) {
            self.trackingID = trackingID
            self.x = x
            self.y = y
        }
    }

    /// What a frame did to the fingers, in the device's units.
    enum Change: Equatable {
        case down(slot: Int, x: Int32, y: Int32)
        case moved(slot: Int, x: Int32, y: Int32)
        case up(slot: Int, x: Int32, y: Int32)
    }

    /// The device's state as its reports leave it, the current frame included.
    private var slots: [Slot]
    /// The fingers the owner was told of, as it was told: nil where no finger is down for it.
    private var told: [Slot?]
    /// A finger already down at open, by tracking id: its start was never seen, so it is left
    /// alone until it lifts (as libinput leaves it).
    private var ignored: [Int32?]
    private var current: Int
    /// Single touch: the tracking id the next BTN_TOUCH down gives its finger.
    private var nextSingleTouchID: Int32 = 0
    /// Between SYN_DROPPED and the SYN_REPORT after it, whose reports are incomplete.
    private var dropping = false
    /// A drop ended: the owner reads the device's state again and hands it to `resync`.
    private(set) var needsResync = false

    /// A screen whose device holds `state` now (every slot, with or without a finger), the next
    /// reports being about `currentSlot`.
    init(state: [Slot], currentSlot: Int) {
        slots = state
        told = Array(repeating: nil, count: state.count)
        ignored = state.map { $0.trackingID >= 0 ? $0.trackingID : nil }
        current = currentSlot
        nextSingleTouchID = (state.map(\.trackingID).max() ?? 0) &+ 1
    }

    /// Takes one report; a frame's end returns what changed in it, slot by slot.
    mutating func take(_ report: Report) -> [Change] {
        if dropping {
            // Everything up to and including the next SYN_REPORT is part of what was lost.
            if report == .frame {
                dropping = false
                needsResync = true
            }
            return []
        }
        switch report {
        case .slot(let slot):
            current = slot
        case .trackingID(let id):
            if slots.indices.contains(current) { slots[current].trackingID = id }
        case .x(let x):
            if slots.indices.contains(current) { slots[current].x = x }
        case .y(let y):
            if slots.indices.contains(current) { slots[current].y = y }
        case .touching(let down):
            guard slots.indices.contains(current) else { break }
            if down, slots[current].trackingID < 0 {
                slots[current].trackingID = max(0, nextSingleTouchID)
                nextSingleTouchID = max(0, nextSingleTouchID) &+ 1
            } else if !down {
                slots[current].trackingID = -1
            }
        case .frame:
            return frameEnded()
        case .dropped:
            dropping = true
        }
        return []
    }

    /// The device's state read again after a drop: what changed since the owner was last told.
    /// A finger that lifted during the drop lifts where it was last seen.
    mutating func resync(state: [Slot], currentSlot: Int) -> [Change] {
        guard state.count == slots.count else { return [] }
        slots = state
        current = currentSlot
        needsResync = false
        return frameEnded()
    }

    /// The fingers the owner holds, lifted: for a device that went away.
    mutating func liftAll() -> [Change] {
        var changes: [Change] = []
        for slot in told.indices {
            if let finger = told[slot] { changes.append(.up(slot: slot, x: finger.x, y: finger.y)) }
            told[slot] = nil
        }
        return changes
    }

    private mutating func frameEnded() -> [Change] {
        var changes: [Change] = []
        for (slot, now) in slots.enumerated() {
            if let waiting = ignored[slot] {
                if waiting == now.trackingID { continue }
                ignored[slot] = nil
            }
            if let before = told[slot] {
                if before.trackingID == now.trackingID {
                    if before.x != now.x || before.y != now.y { changes.append(.moved(slot: slot, x: now.x, y: now.y)) }
                    told[slot] = now
                    continue
                }
                // Lifted, or lifted and another finger down in the same frame.
                changes.append(.up(slot: slot, x: before.x, y: before.y))
                told[slot] = nil
            }
            if now.trackingID >= 0 {
                changes.append(.down(slot: slot, x: now.x, y: now.y))
                told[slot] = now
            }
        }
        return changes
    }
}
