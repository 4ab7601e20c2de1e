// The TV following cascade's screen over HDMI-CEC (`--cec`): <Standby> when the screen goes
// off, <Image View On> and <Active Source> when it comes on (CecMessage). Everything that
// touches the adapter waits for the bus — a claim polls for a free address, a message waits
// for its acknowledgement, up to seconds with retries — so all of it runs on a serial queue
// of its own and the frame loop only leaves a request. Requests that pile up while one is
// being sent collapse into the latest: the TV ends up as the screen is, not replaying each
// flicker. Whatever goes wrong is one log line; the screen's own power is never held up.

import Dispatch
import Foundation
import Logging
import Locking

public final class CecTelevision: Sendable {
    /// The name the TV shows for our input.
    public static let osdName = "cascade"

    /// Where cascade is on the bus, for `get-state`.
    public struct Status: Sendable, Equatable {
        /// The adapter in use; nil while it is being opened, or when none can be.
        public var device: String?
        public var logicalAddress: CecLogicalAddress?
        public var physicalAddress: CecPhysicalAddress?
        /// Why no adapter is used.
        public var problem: String?
    }

    private let queue = DispatchQueue(label: "cascade.cec", qos: .utility)
    /// The open adapter; touched only on `queue`.
    private let adapter = Locked<CecAdapter?>(nil)
    /// The screen's latest state not yet told; nil when all is told.
    private let pending = Locked<Bool?>(nil)
    private let current = Locked(Status())
    private let log: Logger

    /// Starts choosing, opening and claiming an address on the adapter at `device` (nil: the
    /// first source adapter), on the queue.
    public init(device: String?, log: Logger) {
        self.log = log
        queue.async { [self] in adapter.withLock { $0 = open(device) } }
    }

    /// The screen went off or came on: the TV is told, on the queue.
    public func screenPower(on: Bool) {
        pending.withLock { $0 = on }
        queue.async { [self] in
            guard let on = pending.withLock({ $0.take() }) else { return }
            adapter.withLock { if let adapter = $0 { tell(adapter, screenOn: on) } }
        }
    }

    /// As of the last look at the adapter: after it was opened, and after each change of the
    /// screen's power.
    public var status: Status { current.withLock { $0 } }

    /// Lets the adapter go, after whatever is being sent. Its logical address stays claimed
    /// (the kernel keeps it), so a cascade started again finds it configured.
    public func close() {
        queue.async { [self] in adapter.withLock { $0?.close(); $0 = nil } }
    }

    private func open(_ device: String?) -> CecAdapter? {
        let paths = device.map { [$0] } ?? CecAdapterChoice.devicePaths(among: (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? [])
        let chosen: CecAdapterChoice.Chosen
        switch CecAdapterChoice.choose(among: paths.map(CecAdapter.probe), requested: device) {
        case .success(let choice): chosen = choice
        case .failure(let error): fail(error); return nil
        }
        let adapter: CecAdapter
        do {
            adapter = try CecAdapter(path: chosen.adapter.path)
        } catch {
            fail(CecError("\(chosen.adapter.path): \(error)"))
            return nil
        }
        do {
            if !adapter.setsOwnAddress, try !adapter.claimPlayback(named: Self.osdName) {
                log.info("cec: \(adapter.path) was configured already: its address stays")
            }
        } catch {
            adapter.close()
            fail(CecError("\(adapter.path): \(error)"))
            return nil
        }
        look(at: adapter)
        if let logical = adapter.logicalAddress {
            log.info("cec: \(chosen.reason); logical address \(logical) as \"\(Self.osdName)\"")
        } else {
            log.info("cec: \(chosen.reason); no logical address yet (the TV unplugged or off?): claimed once it has one")
        }
        return adapter
    }

    private func fail(_ error: CecError) {
        log.warning("cec: \(error)")
        current.withLock { $0.problem = error.description }
    }

    private func look(at adapter: CecAdapter) {
        let status = Status(device: adapter.path, logicalAddress: adapter.logicalAddress, physicalAddress: adapter.physicalAddress)
        current.withLock { $0 = status }
    }

    private func tell(_ adapter: CecAdapter, screenOn on: Bool) {
        defer { look(at: adapter) }
        let what = on ? "Image View On" : "Standby"
        guard let physical = adapter.physicalAddress, physical.isSource else {
            log.warning("cec: \(what) not sent: \(adapter.path) has no physical address (the TV unplugged, or off its input)")
            return
        }
        guard let logical = adapter.logicalAddress else {
            log.warning("cec: \(what) not sent: \(adapter.path) has no logical address")
            return
        }
        var sent: [String] = []
        for message in CecMessage.screenPower(on: on, from: logical, at: physical) {
            let to = message.isBroadcast ? "to all" : "to the TV"
            switch adapter.transmit(message) {
            case .failure(let error):
                log.warning("cec: \(message) not sent: \(error)")
                return
            case .success(let status):
                if let problem = status.problem {
                    log.warning("cec: \(message) \(to) from \(logical): \(problem)")
                    return
                }
                sent.append("\(message) \(to)")
            }
        }
        log.info("cec: sent \(sent.joined(separator: ", then ")) from \(logical)")
    }
}
