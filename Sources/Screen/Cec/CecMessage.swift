/// The three HDMI-CEC messages that make a TV follow cascade's screen (HDMI 1.4b, CEC 13):
/// <Standby> when the screen goes off, <Image View On> and <Active Source> when it comes on —
/// the first wakes the TV, the second makes it switch to our input. As bytes on the bus: a
/// header (initiator in the high nibble, destination in the low), the opcode, the operands.
public struct CecMessage: Sendable, Equatable, CustomStringConvertible {
    public let bytes: [UInt8]
    /// The message's name in the standard, for the log: `Standby`.
    public let name: String

    init(from initiator: CecLogicalAddress, to destination: CecLogicalAddress, opcode: UInt8, operands: [UInt8] = [], name: String) {
        bytes = [initiator.value << 4 | destination.value, opcode] + operands
        self.name = name
    }

    public var destination: CecLogicalAddress { CecLogicalAddress(bytes[0] & 0xf) }
    /// Sent to everyone: nobody acknowledges it, so a missing acknowledgement is not a failure.
    public var isBroadcast: Bool { destination == .broadcast }

    public static func standby(from initiator: CecLogicalAddress) -> CecMessage {
        CecMessage(from: initiator, to: .tv, opcode: 0x36, name: "Standby")
    }

    public static func imageViewOn(from initiator: CecLogicalAddress) -> CecMessage {
        CecMessage(from: initiator, to: .tv, opcode: 0x04, name: "Image View On")
    }

    /// Broadcast, so that the TV and an amplifier in between both switch to us.
    public static func activeSource(from initiator: CecLogicalAddress, at address: CecPhysicalAddress) -> CecMessage {
        CecMessage(from: initiator, to: .broadcast, opcode: 0x82, operands: [UInt8(address.value >> 8), UInt8(address.value & 0xff)],
                   name: "Active Source \(address)")
    }

    /// What the TV is told when cascade's screen goes off or comes on, in order.
    public static func screenPower(on: Bool, from initiator: CecLogicalAddress, at address: CecPhysicalAddress) -> [CecMessage] {
        on ? [imageViewOn(from: initiator), activeSource(from: initiator, at: address)] : [standby(from: initiator)]
    }

    public var description: String { name }
}
