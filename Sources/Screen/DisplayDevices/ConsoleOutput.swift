import CSDL2

/// The output the console wall is on, watched for going away and coming back: the card SDL's
/// kmsdrm was pointed at (`ConsoleDevice`) and the connector it lit, which is the first
/// connected one with a mode, as `DisplayDevice.connectedOutput` finds it.
@MainActor
public final class ConsoleOutput {
    public let card: String
    private var presence: DisplayPresence
    private let directory: String
    public var connector: String { presence.connector }
    public var isPresent: Bool { presence.isPresent }

    /// The output in use now; nil when no card has a connected output to watch.
    public init?(directory: String = DisplayDeviceProbe.directory) {
        let hinted = SDL_GetHint(SDL_HINT_KMSDRM_DEVICE_INDEX).map { "card" + String(cString: $0) }
        let devices = hinted.map { [DisplayDeviceProbe.device(named: $0, in: directory)] } ?? DisplayDeviceProbe.devices(in: directory)
        guard case let .success(chosen) = DisplayDeviceChoice.choose(among: devices, requested: nil) else { return nil }
        card = chosen.device.name
        presence = DisplayPresence(connector: chosen.connector.name)
        self.directory = directory
    }

    /// Reads the card again after the kernel said an output changed: what changed for the wall.
    public func check() -> DisplayPresence.Change? {
        presence.observe(DisplayDeviceProbe.device(named: card, in: directory))
    }

    /// `card1 HDMI-A-1`, for the log.
    public var label: String { "\(card) \(connector)" }
}
