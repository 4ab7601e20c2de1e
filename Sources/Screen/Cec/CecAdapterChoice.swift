/// One /dev/cec* adapter as probed (CecAdapter.probe).
public struct CecAdapterInfo: Sendable, Equatable {
    public let path: String
    /// The kernel's driver and adapter name: `vivid, vivid-000-vid-out0`.
    public let driver: String
    /// nil when it could not be read; `problem` says why.
    public let physicalAddress: CecPhysicalAddress?
    public let problem: String?

    public init(path: String, driver: String = "", physicalAddress: CecPhysicalAddress?, problem: String? = nil) {
        self.path = path
        self.driver = driver
        self.physicalAddress = physicalAddress
        self.problem = problem
    }

    var label: String { driver.isEmpty ? path : "\(path) (\(driver))" }

    var summary: String {
        if let problem { return "\(path) cannot be opened (\(problem))" }
        guard let address = physicalAddress else { return label }
        if address == .tv { return "\(label) is a TV's own adapter (0.0.0.0)" }
        if address == .none { return "\(label) has no physical address (f.f.f.f)" }
        return "\(label) at \(address)"
    }
}

/// Which HDMI-CEC adapter tells the TV. A TV's own adapter (physical address 0.0.0.0) never:
/// it would be talking to itself. Without `--cec-device`, the first source adapter (one on some
/// input of a TV), else the first whose TV is unplugged now (f.f.f.f: the kernel claims our
/// address once it is plugged in). Pure: the adapters come in as values.
public enum CecAdapterChoice {
    /// The adapter chosen, and the line that says so.
    public struct Chosen: Sendable, Equatable {
        public let adapter: CecAdapterInfo
        public let reason: String
    }

    /// The /dev/cec* device paths among the names in /dev, in the kernel's numbering: cec2
    /// before cec10.
    public static func devicePaths(among names: [String]) -> [String] {
        names.compactMap { name -> (Int, String)? in
            let digits = name.dropFirst(3)
            guard name.hasPrefix("cec"), !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
                  let number = Int(digits) else { return nil }
            return (number, "/dev/" + name)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `adapters` in the order of `devicePaths`; `requested`: `--cec-device`, whose adapter is
    /// the only one in the list then.
    public static func choose(among adapters: [CecAdapterInfo], requested: String?) -> Result<Chosen, CecError> {
        if let requested {
            guard let adapter = adapters.first(where: { $0.path == requested }) else {
                return .failure(CecError("cec device \(requested): no such adapter"))
            }
            if let problem = adapter.problem { return .failure(CecError("cec device \(requested) cannot be opened: \(problem)")) }
            if adapter.physicalAddress == .tv {
                return .failure(CecError("cec device \(adapter.label) is a TV's own adapter (physical address 0.0.0.0), not a source: it cannot tell a TV anything"))
            }
            return .success(Chosen(adapter: adapter, reason: adapter.summary + ", as named"))
        }
        guard !adapters.isEmpty else {
            return .failure(CecError("no HDMI-CEC adapter (/dev/cec*): the TV is not told when the screen goes off or on"))
        }
        let chosen = adapters.first { $0.physicalAddress?.isSource == true }
            ?? adapters.first { $0.physicalAddress == CecPhysicalAddress.none }
        guard let chosen else {
            return .failure(CecError("no HDMI-CEC adapter is a source (\(adapters.map(\.summary).joined(separator: ", "))): the TV is not told when the screen goes off or on"))
        }
        let rest = adapters.filter { $0.path != chosen.path }.map(\.summary)
        return .success(Chosen(adapter: chosen, reason: ([chosen.summary] + rest).joined(separator: "; ")))
    }
}

/// Why the TV cannot be told: one line a person can act on.
public struct CecError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
