import Waterfall

/// Whether the console's screen is there, decided from its connector each time the kernel says
/// an output changed. Pure: the card comes in as a value (`DisplayDeviceProbe` reads it).
/// Only transitions are reported, so a burst of uevents for one unplug is one `lost`.
public struct DisplayPresence: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// The connector is disconnected, offers no mode, or is gone from the card.
        case lost
        /// It is connected again, with this mode (the preferred one, as SDL picks).
        case back(PixelSize)
    }

    /// The connector watched: the one the wall went on at start (`HDMI-A-1`).
    public let connector: String
    public private(set) var isPresent = true

    public init(connector: String) {
        self.connector = connector
    }

    /// Feeds the card as read now. A card that could not be read decides nothing: a failed
    /// open is no unplug.
    public mutating func observe(_ device: DisplayDevice) -> Change? {
        guard device.problem == nil else { return nil }
        let output = device.connectors.first { $0.name == connector }
        let mode = output.flatMap { $0.connected ? $0.mode : nil }
        switch (isPresent, mode) {
        case (true, nil):
            isPresent = false
            return .lost
        case (false, let mode?):
            isPresent = true
            return .back(mode)
        default:
            return nil
        }
    }
}
