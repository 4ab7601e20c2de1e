import Foundation
import Testing
@testable import Screen

@Suite("Which display device the console wall goes on") struct DisplayDeviceChoiceTests {
    private let virtual = DisplayConnector(name: "Virtual-1", connected: true, mode: .init(width: 1024, height: 768))
    private func card(_ n: Int, _ driver: String, _ connectors: [DisplayConnector], problem: String? = nil) -> DisplayDevice {
        DisplayDevice(name: "card\(n)", driver: driver, connectors: connectors, problem: problem)
    }
    private var emptyBochs: DisplayDevice { card(0, "bochs-drm", [.init(name: "Virtual-1", connected: false, mode: nil)]) }
    private var virtio: DisplayDevice { card(1, "virtio_gpu", [virtual]) }

    private func chosen(_ devices: [DisplayDevice], _ request: DisplayDeviceChoice.Request? = nil) -> DisplayDeviceChoice.Chosen? {
        try? DisplayDeviceChoice.choose(among: devices, requested: request).get()
    }
    private func failure(_ devices: [DisplayDevice], _ request: DisplayDeviceChoice.Request? = nil) -> String? {
        if case let .failure(error) = DisplayDeviceChoice.choose(among: devices, requested: request) { return error.description }
        return nil
    }

    @Test("card0 with no screen connected is passed over for the card that has one, and the line says both")
    func connectedBeatsNumber() {
        let choice = chosen([virtio, emptyBochs])
        #expect(choice?.device.name == "card1")
        #expect(choice?.connector == virtual)
        #expect(choice?.reason == "card1 (virtio_gpu): Virtual-1 connected 1024x768; card0 (bochs-drm) has no connected output")
    }

    @Test("a Pi's render-only v3d, whichever number it got this boot, is never the display")
    func renderOnlyIsSkipped() {
        let hdmi = DisplayConnector(name: "HDMI-A-1", connected: true, mode: .init(width: 1920, height: 1080))
        for (v3d, vc4) in [(0, 1), (1, 0)] {
            let choice = chosen([card(v3d, "v3d", []), card(vc4, "vc4", [.init(name: "HDMI-A-2", connected: false, mode: nil), hdmi])])
            #expect(choice?.device.driver == "vc4")
            #expect(choice?.device.index == vc4)
            #expect(choice?.connector.name == "HDMI-A-1")
            #expect(choice?.reason.contains("card\(v3d) (v3d) has no outputs (render-only)") == true)
        }
    }

    @Test("two cards with screens: the lower number wins, numbers compared as numbers, and the line says how to pick the other")
    func twoConnected() {
        let laptop = card(10, "i915", [.init(name: "eDP-1", connected: true, mode: .init(width: 1920, height: 1080))])
        let choice = chosen([laptop, card(2, "amdgpu", [virtual])])
        #expect(choice?.device.name == "card2")
        #expect(choice?.reason.contains("card10 (i915) has eDP-1 connected 1920x1080 too (--drm-device card10 to use it)") == true)
    }

    @Test("a connector that says connected but offers no mode cannot be shown on, as SDL also decides")
    func connectedWithoutMode() {
        #expect(chosen([card(0, "bochs-drm", [.init(name: "Virtual-1", connected: true, mode: nil)]), virtio])?.device.name == "card1")
    }

    @Test("a named device is used even when another comes first, and the line says it was named")
    func namedDevice() {
        let other = card(0, "bochs-drm", [.init(name: "Virtual-1", connected: true, mode: .init(width: 800, height: 480))])
        let choice = chosen([other, virtio], .init(spelled: "/dev/dri/by-path/pci-0000:00:03.0-card", card: "card1"))
        #expect(choice?.device.name == "card1")
        #expect(choice?.reason == "card1 (virtio_gpu): Virtual-1 connected 1024x768, as named (/dev/dri/by-path/pci-0000:00:03.0-card)")
    }

    @Test("a named device that does not exist is an error that lists the devices there are")
    func namedMissing() {
        let message = failure([emptyBochs, virtio], .init(spelled: "card7", card: nil))
        #expect(message == "drm device card7: no such display device (card0 (bochs-drm) has no connected output, card1 (virtio_gpu): Virtual-1 connected 1024x768)")
        #expect(failure([], .init(spelled: "/dev/dri/by-path/gone", card: nil)) == "drm device /dev/dri/by-path/gone: no such display device (/dev/dri has no cards)")
    }

    @Test("a named device with no screen connected is an error, not a black screen, and points at the one that has")
    func namedWithoutScreen() {
        #expect(failure([emptyBochs, virtio], .init(spelled: "card0", card: "card0"))
            == "drm device card0: card0 (bochs-drm) has no connected output; card1 (virtio_gpu) has one")
        #expect(failure([card(0, "v3d", []), virtio], .init(spelled: "card0", card: "card0"))
            == "drm device card0: card0 (v3d) has no outputs (render-only); card1 (virtio_gpu) has one")
    }

    @Test("no device with a screen at all is one clear line, naming what was found and why each is unusable")
    func nothingConnected() {
        let message = failure([emptyBochs, card(1, "", [], problem: "Permission denied")])
        #expect(message == "no display device has a connected output (card0 (bochs-drm) has no connected output, card1 cannot be opened (Permission denied)); connect a screen, or check the cable and the device's driver")
    }
}

@Suite("Naming a display device") struct DisplayDeviceNameTests {
    /// A stand-in for /dev/dri: card files and a by-path folder of links to them.
    private func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/by-path", withIntermediateDirectories: true)
        for name in ["card0", "card1", "renderD128"] { _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: nil) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/by-path/platform-gpu-card", withDestinationPath: "../card1")
        try FileManager.default.createSymbolicLink(atPath: dir + "/by-path/platform-gpu-render", withDestinationPath: "../renderD128")
        return dir
    }

    @Test("a by-path link leads to the card it points at this boot, as do card1 and the full path")
    func names() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(DisplayDeviceProbe.card(named: dir + "/by-path/platform-gpu-card", in: dir) == "card1")
        #expect(DisplayDeviceProbe.card(named: "card0", in: dir) == "card0")
        #expect(DisplayDeviceProbe.card(named: dir + "/card1", in: dir) == "card1")
    }

    @Test("a missing device, a render node or a file elsewhere leads to no card")
    func notCards() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(DisplayDeviceProbe.card(named: "card7", in: dir) == nil)
        #expect(DisplayDeviceProbe.card(named: dir + "/by-path/platform-gpu-render", in: dir) == nil)
        #expect(DisplayDeviceProbe.card(named: "/etc/passwd", in: dir) == nil)
    }

    @Test("the cards of a folder are read, each found once, render nodes and links left out")
    func listing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Plain files are no DRM devices: they are listed, with no outputs.
        #expect(Set(DisplayDeviceProbe.devices(in: dir).map(\.name)) == ["card0", "card1"])
    }
}
