import CDRM
import Glibc
import Waterfall

/// Reads /dev/dri into `DisplayDevice` values: each card's driver and its connectors' status
/// and mode, through libdrm. Opening a card needs the `video` group, as SDL itself needs;
/// nothing is changed on the device (no DRM master is taken).
public enum DisplayDeviceProbe {
    public static let directory = "/dev/dri"

    /// The cards in `directory` (render nodes and by-path links left out), in no set order.
    public static func devices(in directory: String = directory) -> [DisplayDevice] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var devices: [DisplayDevice] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard isCardName(name) else { continue }
            devices.append(device(name, at: directory + "/" + name))
        }
        return devices
    }

    /// The card a user's name for a device leads to: `card1`, `/dev/dri/card1` or a
    /// `/dev/dri/by-path/…` link (which keeps its name when the cards are numbered anew).
    /// Nil when it leads to no card in `directory`.
    public static func card(named spelled: String, in directory: String = directory) -> String? {
        let path = spelled.contains("/") ? spelled : directory + "/" + spelled
        guard let target = realPath(path), let folder = realPath(directory) else { return nil }
        let slash = target.lastIndex(of: "/") ?? target.startIndex
        let name = String(target[target.index(after: slash)...])
        guard String(target[..<slash]) == folder, isCardName(name) else { return nil }
        return name
    }

    private static func isCardName(_ name: String) -> Bool {
        name.hasPrefix("card") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isASCIIDigitCharacter)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// One card as it is now, by its name in `directory` (`card1`).
    public static func device(named name: String, in directory: String = directory) -> DisplayDevice {
        device(name, at: directory + "/" + name)
    }

    private static func device(_ name: String, at path: String) -> DisplayDevice {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            return DisplayDevice(name: name, driver: "", connectors: [], problem: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var driver = ""
        if let version = drmGetVersion(fd) {
            if let text = version.pointee.name { driver = String(cString: text) }
            drmFreeVersion(version)
        }
        // A render-only GPU has no mode-setting resources: no outputs.
        guard let resources = drmModeGetResources(fd) else { return DisplayDevice(name: name, driver: driver, connectors: []) }
        defer { drmModeFreeResources(resources) }
        var connectors: [DisplayConnector] = []
        for i in 0..<Int(max(0, resources.pointee.count_connectors)) {
            guard let connector = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(connector) }
            connectors.append(self.connector(connector.pointee))
        }
        return DisplayDevice(name: name, driver: driver, connectors: connectors)
    }

    private static func connector(_ connector: drmModeConnector) -> DisplayConnector {
        let type = drmModeGetConnectorTypeName(connector.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = (0..<Int(max(0, connector.count_modes))).compactMap { connector.modes?[$0] }
        let mode = modes.first { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 } ?? modes.first
        return DisplayConnector(name: "\(type)-\(connector.connector_type_id)",
                                connected: connector.connection == DRM_MODE_CONNECTED,
                                mode: mode.map { PixelSize(width: Int($0.hdisplay), height: Int($0.vdisplay)) })
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
