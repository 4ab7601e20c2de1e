import Testing
@testable import Screen

@Suite("Which HDMI-CEC adapter tells the TV") struct CecAdapterChoiceTests {
    private let tv = CecAdapterInfo(path: "/dev/cec0", driver: "vivid, vivid-000-vid-cap0", physicalAddress: .tv)
    private let source = CecAdapterInfo(path: "/dev/cec1", driver: "vivid, vivid-000-vid-out0", physicalAddress: CecPhysicalAddress(0x1000))
    private let unplugged = CecAdapterInfo(path: "/dev/cec2", driver: "vc4", physicalAddress: CecPhysicalAddress.none)

    private func chosen(_ adapters: [CecAdapterInfo], _ requested: String? = nil) -> CecAdapterChoice.Chosen? {
        try? CecAdapterChoice.choose(among: adapters, requested: requested).get()
    }
    private func failure(_ adapters: [CecAdapterInfo], _ requested: String? = nil) -> String? {
        if case let .failure(error) = CecAdapterChoice.choose(among: adapters, requested: requested) { return error.description }
        return nil
    }

    @Test("the TV's own adapter (0.0.0.0) is passed over for the source on its input, and the line says both")
    func sourceBeatsTV() {
        let choice = chosen([tv, source])
        #expect(choice?.adapter == source)
        #expect(choice?.reason == "/dev/cec1 (vivid, vivid-000-vid-out0) at 1.0.0.0; /dev/cec0 (vivid, vivid-000-vid-cap0) is a TV's own adapter (0.0.0.0)")
    }

    @Test("a source whose TV is unplugged now is taken when no other is: the kernel claims our address when it is plugged in")
    func unpluggedIsTheFallback() {
        #expect(chosen([tv, unplugged, source])?.adapter == source)
        #expect(chosen([tv, unplugged])?.adapter == unplugged)
        #expect(chosen([tv, unplugged])?.reason.hasPrefix("/dev/cec2 (vc4) has no physical address (f.f.f.f)") == true)
    }

    @Test("no adapter, or only a TV's: one line saying the TV is not told")
    func none() {
        #expect(failure([]) == "no HDMI-CEC adapter (/dev/cec*): the TV is not told when the screen goes off or on")
        #expect(failure([tv])?.contains("no HDMI-CEC adapter is a source (/dev/cec0 (vivid, vivid-000-vid-cap0) is a TV's own adapter (0.0.0.0))") == true)
    }

    @Test("--cec-device: the adapter named, or why it cannot be; never a TV's own")
    func requested() {
        #expect(chosen([unplugged], "/dev/cec2")?.adapter == unplugged)
        #expect(failure([tv], "/dev/cec0")?.contains("is a TV's own adapter (physical address 0.0.0.0), not a source") == true)
        let missing = CecAdapterInfo(path: "/dev/cec9", physicalAddress: nil, problem: "No such file or directory")
        #expect(failure([missing], "/dev/cec9") == "cec device /dev/cec9 cannot be opened: No such file or directory")
    }

    @Test("adapters are found in /dev in the kernel's numbering, cec2 before cec10, and nothing else is taken for one")
    func devicePaths() {
        #expect(CecAdapterChoice.devicePaths(among: ["cec10", "null", "cec2", "cec", "cec+1", "cec-x", "dri", "cec0"])
                == ["/dev/cec0", "/dev/cec2", "/dev/cec10"])
    }
}
