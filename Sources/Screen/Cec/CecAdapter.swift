// An open /dev/cec* adapter, through CCec's ioctls. Every call but `close` may wait for the bus
// (a claim polls for a free address, a message waits for its acknowledgement): CecTelevision
// makes them on a queue of its own, never on the frame loop.

import CCec
import Foundation

struct CecAdapter {
    let path: String
    let driver: String
    private let fd: Int32
    /// The adapter chooses its own logical address (no CEC_CAP_LOG_ADDRS): it cannot be asked for one.
    let setsOwnAddress: Bool

    /// What an adapter is, opened and closed again: for choosing among them.
    static func probe(_ path: String) -> CecAdapterInfo {
        do {
            let adapter = try CecAdapter(path: path)
            defer { adapter.close() }
            return CecAdapterInfo(path: path, driver: adapter.driver, physicalAddress: adapter.physicalAddress)
        } catch {
            return CecAdapterInfo(path: path, physicalAddress: nil, problem: error.description)
        }
    }

    init(path: String) throws(CecError) {
        let fd = cascade_cec_open(path)
        guard fd >= 0 else { throw CecError(Self.describe(-fd)) }
        var caps = cascade_cec_caps()
        let failed = cascade_cec_get_caps(fd, &caps)
        guard failed == 0 else {
            Foundation.close(fd)
            throw CecError("not an HDMI-CEC adapter (\(Self.describe(-failed)))")
        }
        self.path = path
        self.fd = fd
        let driver = withUnsafeBytes(of: caps.driver) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let name = withUnsafeBytes(of: caps.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        self.driver = [driver, name].filter { !$0.isEmpty }.joined(separator: ", ")
        setsOwnAddress = caps.capabilities & UInt32(cascade_cec_can_set_log_addrs) == 0
    }

    /// nil when it cannot be read.
    var physicalAddress: CecPhysicalAddress? {
        var value: UInt16 = 0
        return cascade_cec_get_physical_address(fd, &value) == 0 ? CecPhysicalAddress(value) : nil
    }

    /// The address claimed; nil while none is.
    var logicalAddress: CecLogicalAddress? {
        var mask: UInt16 = 0
        guard cascade_cec_get_logical_address_mask(fd, &mask) == 0 else { return nil }
        return CecLogicalAddress.lowest(in: mask)
    }

    /// Asks for a Playback address under this name. False (and no error) when the adapter is
    /// configured already: by cascade before a restart, or by another program.
    func claimPlayback(named name: String) throws(CecError) -> Bool {
        let result = cascade_cec_claim_playback(fd, name)
        if result == -EBUSY { return false }
        guard result == 0 else { throw CecError("no logical address could be claimed (\(Self.describe(-result)))") }
        return true
    }

    func transmit(_ message: CecMessage) -> Result<CecTransmitStatus, CecError> {
        var status: UInt8 = 0
        let result = message.bytes.withUnsafeBufferPointer { cascade_cec_transmit(fd, $0.baseAddress, Int32($0.count), &status) }
        guard result == 0 else {
            return .failure(CecError(-result == ENONET ? "the adapter has no logical address (the TV unplugged?)" : Self.describe(-result)))
        }
        return .success(CecTransmitStatus(status))
    }

    func close() { Foundation.close(fd) }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
