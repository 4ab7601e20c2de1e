/// Which DRM device the console wall goes on. By connector status, never by number: a Pi 4/5
/// has a render-only `v3d` beside its `vc4` display (and a Pi 5 numbers them differently
/// between boots), a laptop may have two GPUs, and `card0` can be the one with no screen.
/// Pure: the devices come in as values (`DisplayDeviceProbe` reads them from /dev/dri).
public enum DisplayDeviceChoice {
    /// What was chosen, and the one log line that says so and why.
    public struct Chosen: Sendable, Equatable {
        public let device: DisplayDevice
        public let connector: DisplayConnector
        /// `card1 (virtio_gpu): Virtual-1 connected 1024x768; card0 (bochs-drm) has no connected output`
        public let reason: String
    }

    /// The device a user named (`--drm-device`, the `drm-device` key, SDL_KMSDRM_DEVICE_INDEX).
    struct Request: Sendable, Equatable {
        /// As the user wrote it, for messages: `/dev/dri/by-path/platform-gpu-card`.
        let spelled: String
        /// The /dev/dri card it leads to (`card1`), nil when it leads to none.
        let card: String?
    }

    /// The device to use, or a one-line message saying why there is none. Without a request
    /// the lowest-numbered device with a connected output wins, as SDL's own scan would pick
    /// when it works; with one, only that device, and it must have a connected output.
    static func choose(among devices: [DisplayDevice], requested: Request?) -> Result<Chosen, DisplayDeviceError> {
        let sorted = devices.sorted { ($0.index ?? Int.max, $0.name) < ($1.index ?? Int.max, $1.name) }
        if let requested {
            guard let card = requested.card, let device = sorted.first(where: { $0.name == card }) else {
                return .failure(DisplayDeviceError("drm device \(requested.spelled): no such display device (\(inventory(sorted)))"))
            }
            guard let output = device.connectedOutput else {
                let others = sorted.filter { $0.name != device.name && $0.connectedOutput != nil }.map(\.label)
                let hint = others.isEmpty ? "" : "; \(others.joined(separator: ", ")) \(others.count == 1 ? "has" : "have") one"
                return .failure(DisplayDeviceError("drm device \(requested.spelled): \(device.label) \(whyNone(device))\(hint)"))
            }
            return .success(Chosen(device: device, connector: output,
                                   reason: "\(device.label): \(describe(output)), as named (\(requested.spelled))"))
        }
        guard let device = sorted.first(where: { $0.connectedOutput != nil }), let output = device.connectedOutput else {
            return .failure(DisplayDeviceError("no display device has a connected output (\(inventory(sorted))); connect a screen, or check the cable and the device's driver"))
        }
        let rest = sorted.filter { $0.name != device.name }.map { other in
            other.connectedOutput.map { "\(other.label) has \(describe($0)) too (--drm-device \(other.name) to use it)" }
                ?? "\(other.label) \(whyNone(other))"
        }
        return .success(Chosen(device: device, connector: output,
                               reason: ([ "\(device.label): \(describe(output))" ] + rest).joined(separator: "; ")))
    }

    private static func describe(_ output: DisplayConnector) -> String {
        "\(output.name) connected" + (output.mode.map { " \($0.width)x\($0.height)" } ?? "")
    }

    private static func whyNone(_ device: DisplayDevice) -> String {
        if let problem = device.problem { return "cannot be opened (\(problem))" }
        if device.connectors.isEmpty { return "has no outputs (render-only)" }
        return "has no connected output"
    }

    /// `card0 (v3d): has no outputs (render-only), card1 (vc4): …` — what there is, for an error.
    private static func inventory(_ devices: [DisplayDevice]) -> String {
        guard !devices.isEmpty else { return "/dev/dri has no cards" }
        return devices.map { device in
            device.connectedOutput.map { "\(device.label): \(describe($0))" } ?? "\(device.label) \(whyNone(device))"
        }.joined(separator: ", ")
    }
}

/// Why no display device can be used: one line a person can act on.
public struct DisplayDeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
