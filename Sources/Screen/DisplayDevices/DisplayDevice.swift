import Waterfall

/// One DRM device in /dev/dri as the console sees it: its name, its kernel driver and its
/// outputs. A plain value, so which device to show the wall on is decided without hardware
/// (`DisplayDeviceChoice`).
public struct DisplayDevice: Sendable, Equatable {
    /// The device node's name in /dev/dri: `card1`. Its number is what SDL's kmsdrm is told.
    public let name: String
    /// The kernel driver (`vc4`, `v3d`, `i915`, `virtio_gpu`); empty when it could not be read.
    public let driver: String
    /// Its outputs; none for a render-only GPU (a Pi's `v3d`).
    public let connectors: [DisplayConnector]
    /// Why the device could not be looked at (it could not be opened); nil when it was.
    public let problem: String?

    public init(name: String, driver: String, connectors: [DisplayConnector], problem: String? = nil) {
        self.name = name
        self.driver = driver
        self.connectors = connectors
        self.problem = problem
    }

    /// The number SDL's `SDL_KMSDRM_DEVICE_INDEX` takes for this device: `card1` → 1.
    public var index: Int? {
        guard name.hasPrefix("card"), let number = Int(name.dropFirst(4)), number >= 0 else { return nil }
        return number
    }

    /// The first output with a screen on it that offers a mode, as SDL's kmsdrm requires.
    public var connectedOutput: DisplayConnector? {
        connectors.first { $0.connected && $0.mode != nil }
    }

    /// `card1 (virtio_gpu)`: how messages name the device.
    public var label: String { driver.isEmpty ? name : "\(name) (\(driver))" }
}

/// One output of a display device: a connector as the kernel names it (`HDMI-A-1`, `Virtual-1`).
public struct DisplayConnector: Sendable, Equatable {
    public let name: String
    /// A screen is plugged in (the kernel says connected, not disconnected or unknown).
    public let connected: Bool
    /// Its preferred mode, or its first when none is preferred; nil when it offers none.
    public let mode: PixelSize?

    public init(name: String, connected: Bool, mode: PixelSize?) {
        self.name = name
        self.connected = connected
        self.mode = mode
    }
}
