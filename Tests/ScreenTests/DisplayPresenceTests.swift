import Testing
import Waterfall
@testable import Screen

@Suite("the console's screen going away and coming back, from its connector") struct DisplayPresenceTests {
    private func card(_ connectors: [DisplayConnector], problem: String? = nil) -> DisplayDevice {
        DisplayDevice(name: "card0", driver: "vc4", connectors: connectors, problem: problem)
    }
    private func hdmi(connected: Bool, _ width: Int = 1920, _ height: Int = 1080) -> DisplayConnector {
        DisplayConnector(name: "HDMI-A-1", connected: connected, mode: connected ? PixelSize(width: width, height: height) : nil)
    }
    private let other = DisplayConnector(name: "HDMI-A-2", connected: true, mode: PixelSize(width: 800, height: 600))

    @Test("an unplug is one `lost` however many uevents it sends, and the return is one `back` with the new mode")
    func unplugAndReturn() {
        var presence = DisplayPresence(connector: "HDMI-A-1")
        #expect(presence.observe(card([hdmi(connected: true)])) == nil, "still there: nothing changed")
        #expect(presence.observe(card([hdmi(connected: false), other])) == .lost)
        #expect(!presence.isPresent)
        #expect(presence.observe(card([hdmi(connected: false)])) == nil, "a second uevent for the same unplug")
        #expect(presence.observe(card([hdmi(connected: true, 1280, 720)])) == .back(PixelSize(width: 1280, height: 720)))
        #expect(presence.isPresent)
        #expect(presence.observe(card([hdmi(connected: true, 1280, 720)])) == nil)
    }

    @Test("another output being connected is no return of the wall's own")
    func otherConnectorsDoNotCount() {
        var presence = DisplayPresence(connector: "HDMI-A-1")
        #expect(presence.observe(card([hdmi(connected: false), other])) == .lost)
        #expect(presence.observe(card([hdmi(connected: false), other])) == nil)
    }

    @Test("a connector gone from the card, or connected with no mode to show, is lost")
    func goneOrModeless() {
        var gone = DisplayPresence(connector: "HDMI-A-1")
        #expect(gone.observe(card([other])) == .lost)
        var modeless = DisplayPresence(connector: "HDMI-A-1")
        #expect(modeless.observe(card([DisplayConnector(name: "HDMI-A-1", connected: true, mode: nil)])) == .lost)
    }

    @Test("a card that could not be read is no unplug")
    func unreadableCardDecidesNothing() {
        var presence = DisplayPresence(connector: "HDMI-A-1")
        #expect(presence.observe(card([], problem: "Permission denied")) == nil)
        #expect(presence.isPresent)
    }

    private func uevent(_ fields: [String]) -> ArraySlice<UInt8> {
        ArraySlice(fields.flatMap { Array($0.utf8) + [0] })
    }

    @Test("a DRM card's change uevent (a connector plugged or unplugged, or one made by udevadm) is told from the rest")
    func hotplugUevents() {
        let drm = uevent(["change@/devices/pci0000:00/0000:00:02.0/drm/card0", "ACTION=change",
                          "DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0", "SUBSYSTEM=drm", "HOTPLUG=1",
                          "CONNECTOR=36", "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=2411", "MAJOR=226", "MINOR=0"])
        #expect(DisplayHotplug.isDisplayHotplug(drm))
        let usb = uevent(["add@/devices/pci0000:00/usb1/1-1", "ACTION=add", "SUBSYSTEM=usb", "SEQNUM=2412"])
        #expect(!DisplayHotplug.isDisplayHotplug(usb))
        let triggered = uevent(["change@/devices/platform/gpu/drm/card1", "ACTION=change", "DEVPATH=/devices/platform/gpu/drm/card1",
                                "SUBSYSTEM=drm", "SYNTH_UUID=0", "SEQNUM=2413"])
        #expect(DisplayHotplug.isDisplayHotplug(triggered))
        let added = uevent(["add@/devices/platform/gpu/drm/card1", "ACTION=add", "SUBSYSTEM=drm", "SEQNUM=2414"])
        #expect(!DisplayHotplug.isDisplayHotplug(added))
        #expect(!DisplayHotplug.isDisplayHotplug([]))
    }
}
