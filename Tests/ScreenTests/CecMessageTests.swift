import Testing
@testable import Screen

@Suite("What the TV is told over HDMI-CEC when the screen goes off and on") struct CecMessageTests {
    private let playback = CecLogicalAddress(4)
    private let input = CecPhysicalAddress(0x1000)

    @Test("screen off: <Standby> from our Playback address to the TV, as the bytes 0x40 0x36")
    func standby() {
        let messages = CecMessage.screenPower(on: false, from: playback, at: input)
        #expect(messages.map(\.bytes) == [[0x40, 0x36]])
        #expect(messages.map(\.name) == ["Standby"])
        #expect(messages.first?.isBroadcast == false)
    }

    @Test("screen on: <Image View On> to the TV first, then <Active Source> to all with our physical address")
    func wake() {
        let messages = CecMessage.screenPower(on: true, from: playback, at: CecPhysicalAddress(0x2130))
        #expect(messages.map(\.bytes) == [[0x40, 0x04], [0x4f, 0x82, 0x21, 0x30]])
        #expect(messages.map(\.isBroadcast) == [false, true])
        #expect(messages.map(\.name) == ["Image View On", "Active Source 2.1.3.0"])
    }

    @Test("with no address of our own (all Playback addresses taken) the messages come from Unregistered")
    func unregistered() {
        #expect(CecMessage.standby(from: .broadcast).bytes == [0xf0, 0x36])
    }

    @Test("physical addresses read as cec-ctl prints them, and only one on a TV's input is a source")
    func physicalAddresses() {
        #expect(input.description == "1.0.0.0")
        #expect(CecPhysicalAddress(0xabcd).description == "a.b.c.d")
        #expect(CecPhysicalAddress.none.description == "f.f.f.f")
        #expect(input.isSource)
        #expect(!CecPhysicalAddress.tv.isSource)
        #expect(!CecPhysicalAddress.none.isSource)
    }

    @Test("logical addresses are named as the standard names them")
    func logicalAddresses() {
        #expect(playback.description == "4 (Playback Device 1)")
        #expect(CecLogicalAddress.tv.description == "0 (TV)")
        #expect(CecLogicalAddress(11).description == "11 (Playback Device 3)")
    }

    @Test("the address claimed is read from the kernel's mask of all sixteen: Playback Device 1 is bit 4, Unregistered bit 15")
    func heldAddress() {
        #expect(CecLogicalAddress.lowest(in: 0x0010) == playback)
        #expect(CecLogicalAddress.lowest(in: 0x0110) == playback)
        #expect(CecLogicalAddress.lowest(in: 0x8000) == .broadcast)
        #expect(CecLogicalAddress.lowest(in: 0) == nil)
    }

    @Test("the bus's answer in words: a TV that does not acknowledge is named as such, a broadcast's OK is success")
    func transmitStatus() {
        #expect(CecTransmitStatus(0x01).succeeded)
        #expect(CecTransmitStatus(0x01).problem == nil)
        // NACK with MAX_RETRIES, as the kernel reports a message nobody took.
        #expect(CecTransmitStatus(0x24).problem?.hasPrefix("not acknowledged: no TV answered") == true)
        #expect(CecTransmitStatus(0x80).problem == "the adapter timed out")
        #expect(CecTransmitStatus(0x20).problem == "not sent (status 0x20)")
    }
}
