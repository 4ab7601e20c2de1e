/// How the bus answered a message: the kernel's CEC_TX_STATUS_* bits, in words for the log.
public struct CecTransmitStatus: Sendable, Equatable {
    public let bits: UInt8

    public init(_ bits: UInt8) { self.bits = bits }

    /// Sent and acknowledged (for a broadcast: sent, since nobody acknowledges one).
    public var succeeded: Bool { bits & 0x01 != 0 }

    /// Why it did not go through, in the terms a person can act on; nil when it did.
    public var problem: String? {
        guard !succeeded else { return nil }
        let reasons: [(UInt8, String)] = [
            (0x04, "not acknowledged: no TV answered on this HDMI port (unplugged, or its HDMI-CEC setting is off)"),
            (0x02, "the bus was busy (arbitration lost)"),
            (0x08, "the line was held low (a faulty cable or device)"),
            (0x80, "the adapter timed out"),
            (0x40, "aborted (the adapter was reconfigured or unplugged)"),
            (0x10, "the adapter reported an error"),
        ]
        let said = reasons.filter { bits & $0.0 != 0 }.map(\.1)
        return said.isEmpty ? "not sent (status 0x\(String(bits, radix: 16)))" : said.joined(separator: "; ")
    }
}
