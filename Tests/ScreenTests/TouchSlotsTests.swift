import Testing
@testable import Screen

/// A touch screen's kernel reports → fingers down, moved and lifted, as the console reads them
/// where libinput cannot start.
@Suite("Touch slots from the kernel's reports")
struct TouchSlotsTests {
    typealias Slot = TouchSlots.Slot

    /// A screen of `count` empty slots, the next reports about slot 0.
    private func screen(_ count: Int = 2) -> TouchSlots {
        TouchSlots(state: Array(repeating: Slot(), count: count), currentSlot: 0)
    }

    private func take(_ reports: [TouchSlots.Report], into slots: inout TouchSlots) -> [TouchSlots.Change] {
        reports.flatMap { slots.take($0) }
    }

    @Test("a finger's tap: down where it lands, up where it lifts")
    func tap() {
        var slots = screen()
        #expect(take([.trackingID(1), .x(400), .y(300), .frame], into: &slots) == [.down(slot: 0, x: 400, y: 300)])
        #expect(take([.trackingID(-1), .frame], into: &slots) == [.up(slot: 0, x: 400, y: 300)])
    }

    @Test("a finger landing where the slot's last finger lifted, sent with no position, is down there")
    func sameSpotAgain() {
        // The kernel drops a position equal to the one it keeps for the slot: the second tap
        // at one spot is a tracking id alone. The open read the slot's kept position.
        var slots = TouchSlots(state: [Slot(trackingID: -1, x: 640, y: 360), Slot()], currentSlot: 0)
        #expect(take([.trackingID(7), .frame], into: &slots) == [.down(slot: 0, x: 640, y: 360)])
        #expect(take([.trackingID(-1), .frame], into: &slots) == [.up(slot: 0, x: 640, y: 360)])
        // And again after a finger read here.
        #expect(take([.trackingID(8), .frame], into: &slots) == [.down(slot: 0, x: 640, y: 360)])
    }

    @Test("the slot the next reports are about is the device's at open, not slot 0")
    func currentSlotAtOpen() {
        var slots = TouchSlots(state: [Slot(), Slot(trackingID: -1, x: 10, y: 20)], currentSlot: 1)
        #expect(take([.trackingID(3), .x(50), .frame], into: &slots) == [.down(slot: 1, x: 50, y: 20)])
    }

    @Test("a drag: a move for each frame whose position changed")
    func drag() {
        var slots = screen()
        _ = take([.trackingID(1), .x(100), .y(100), .frame], into: &slots)
        #expect(take([.x(120), .frame], into: &slots) == [.moved(slot: 0, x: 120, y: 100)])
        #expect(take([.y(90), .frame], into: &slots) == [.moved(slot: 0, x: 120, y: 90)])
        #expect(take([.frame], into: &slots) == [])
        #expect(take([.trackingID(-1), .frame], into: &slots) == [.up(slot: 0, x: 120, y: 90)])
    }

    @Test("a finger already down at open is ignored until it lifts; the next one counts")
    func downAtOpen() {
        var slots = TouchSlots(state: [Slot(trackingID: 4, x: 200, y: 200), Slot()], currentSlot: 0)
        #expect(take([.x(210), .frame], into: &slots) == [])
        #expect(take([.trackingID(-1), .frame], into: &slots) == [])
        #expect(take([.trackingID(5), .x(300), .frame], into: &slots) == [.down(slot: 0, x: 300, y: 200)])
    }

    @Test("two fingers in two slots, a pinch's moves and lifts")
    func twoFingers() {
        var slots = screen()
        #expect(take([.trackingID(1), .x(100), .y(50), .slot(1), .trackingID(2), .x(300), .y(50), .frame], into: &slots)
            == [.down(slot: 0, x: 100, y: 50), .down(slot: 1, x: 300, y: 50)])
        #expect(take([.slot(0), .x(90), .slot(1), .x(310), .frame], into: &slots)
            == [.moved(slot: 0, x: 90, y: 50), .moved(slot: 1, x: 310, y: 50)])
        // The current slot stays 1 until the device says otherwise.
        #expect(take([.trackingID(-1), .frame], into: &slots) == [.up(slot: 1, x: 310, y: 50)])
        #expect(take([.slot(0), .trackingID(-1), .frame], into: &slots) == [.up(slot: 0, x: 90, y: 50)])
    }

    @Test("a slot's finger replaced within one frame lifts and lands")
    func replacedInOneFrame() {
        var slots = screen()
        _ = take([.trackingID(1), .x(100), .y(100), .frame], into: &slots)
        #expect(take([.trackingID(2), .x(500), .frame], into: &slots) == [.up(slot: 0, x: 100, y: 100), .down(slot: 0, x: 500, y: 100)])
    }

    @Test("SYN_DROPPED: reports up to the next frame's end are skipped, then the device's state is taken")
    func dropped() {
        var slots = screen()
        _ = take([.trackingID(1), .x(100), .y(100), .frame], into: &slots)
        #expect(take([.dropped, .x(999), .trackingID(-1), .frame], into: &slots) == [])
        #expect(slots.needsResync)
        // Meanwhile slot 0's finger moved, and a second landed in slot 1.
        let changes = slots.resync(state: [Slot(trackingID: 1, x: 150, y: 100), Slot(trackingID: 2, x: 700, y: 400)], currentSlot: 1)
        #expect(!slots.needsResync)
        #expect(changes == [.moved(slot: 0, x: 150, y: 100), .down(slot: 1, x: 700, y: 400)])
        // The reports after the drop go on from that state: slot 1 is current.
        #expect(take([.x(710), .frame], into: &slots) == [.moved(slot: 1, x: 710, y: 400)])
    }

    @Test("a finger that lifted during a drop lifts where it was last seen")
    func liftedDuringDrop() {
        var slots = screen()
        _ = take([.trackingID(1), .x(100), .y(100), .frame], into: &slots)
        _ = take([.dropped, .frame], into: &slots)
        #expect(slots.resync(state: [Slot(trackingID: -1, x: 130, y: 100), Slot()], currentSlot: 0) == [.up(slot: 0, x: 100, y: 100)])
    }

    @Test("a single-touch panel: BTN_TOUCH and ABS_X/ABS_Y, its one finger at its kept place")
    func singleTouch() {
        var slots = TouchSlots(state: [Slot(trackingID: -1, x: 320, y: 240)], currentSlot: 0)
        #expect(take([.touching(true), .x(100), .y(80), .frame], into: &slots) == [.down(slot: 0, x: 100, y: 80)])
        #expect(take([.x(110), .frame], into: &slots) == [.moved(slot: 0, x: 110, y: 80)])
        #expect(take([.touching(false), .frame], into: &slots) == [.up(slot: 0, x: 110, y: 80)])
        // The same spot again: no position is sent.
        #expect(take([.touching(true), .frame], into: &slots) == [.down(slot: 0, x: 110, y: 80)])
    }

    @Test("a single-touch panel held at open is ignored until it lifts")
    func singleTouchDownAtOpen() {
        var slots = TouchSlots(state: [Slot(trackingID: 0, x: 320, y: 240)], currentSlot: 0)
        #expect(take([.x(330), .frame], into: &slots) == [])
        #expect(take([.touching(false), .frame], into: &slots) == [])
        #expect(take([.touching(true), .frame], into: &slots) == [.down(slot: 0, x: 330, y: 240)])
    }

    @Test("a device gone lifts its fingers; a slot out of range is ignored")
    func goneAndOutOfRange() {
        var slots = screen()
        _ = take([.trackingID(1), .x(100), .y(100), .slot(1), .trackingID(2), .x(200), .frame], into: &slots)
        #expect(take([.slot(9), .trackingID(3), .x(5), .frame], into: &slots) == [])
        #expect(slots.liftAll() == [.up(slot: 0, x: 100, y: 100), .up(slot: 1, x: 200, y: 0)])
        #expect(slots.liftAll() == [])
    }
}
