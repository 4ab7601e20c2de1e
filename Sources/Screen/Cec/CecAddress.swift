/// Where a device sits on the HDMI tree, from the EDID of the screen it is plugged into:
/// `1.0.0.0` for the TV's first input, `0.0.0.0` for the TV itself, `f.f.f.f` while nothing is
/// plugged in (or the TV is off and its EDID unread).
public struct CecPhysicalAddress: Sendable, Equatable, CustomStringConvertible {
    public let value: UInt16

    public init(_ value: UInt16) { self.value = value }

    public static let tv = CecPhysicalAddress(0x0000)
    public static let none = CecPhysicalAddress(0xffff)

    /// A source on some input of the TV: the only kind of adapter that can wake the TV for us.
    public var isSource: Bool { self != .tv && self != .none }

    public var description: String {
        stride(from: 12, through: 0, by: -4).map { String((value >> UInt16($0)) & 0xf, radix: 16) }.joined(separator: ".")
    }
}

/// Who a message is from and to on the bus, 0 to 15.
public struct CecLogicalAddress: Sendable, Equatable, CustomStringConvertible {
    public let value: UInt8

    public init(_ value: UInt8) { self.value = value & 0xf }

    public static let tv = CecLogicalAddress(0)
    /// As a destination: everyone. As an initiator: a device with no address of its own.
    public static let broadcast = CecLogicalAddress(15)

    /// The names HDMI-CEC gives the addresses, as cec-ctl prints them.
    private static let names = [
        "TV", "Recording Device 1", "Recording Device 2", "Tuner 1", "Playback Device 1", "Audio System",
        "Tuner 2", "Tuner 3", "Playback Device 2", "Recording Device 3", "Tuner 4", "Playback Device 3",
        "Backup 1", "Backup 2", "Specific", "Unregistered",
    ]

    public var description: String { "\(value) (\(Self.names[Int(value)]))" }

    /// The address messages go out from, among those an adapter holds: the kernel's mask has a
    /// bit per address 0…15 (not per slot of its list), bit 15 for Unregistered. nil: none held.
    public static func lowest(in mask: UInt16) -> CecLogicalAddress? {
        mask == 0 ? nil : CecLogicalAddress(UInt8(mask.trailingZeroBitCount))
    }
}
