// `--cec` with no usable adapter, through the real binary in Xvfb: a path that is not there and
// a device that is no CEC adapter are one log line each, and the screen still goes off and on at
// `cascade ctl screen off|on`. The TV's side of the bus is tested against the kernel's emulated
// adapters in the console VM (script/dev/kiosk-vm.d/cec.sh).

import Foundation
import Testing
@testable import TestSupport

@Suite("--cec without an adapter to use", .serialized)
struct CecEndToEndTests {
    typealias Service = DaemonEndToEndTests.Service

    @Test("a missing adapter, or a device that is no CEC adapter: one line, and the screen goes off and on as before",
          arguments: [("/dev/cec-missing", "cec: cec device /dev/cec-missing cannot be opened: No such file or directory"),
                      ("/dev/null", "cec: cec device /dev/null cannot be opened: not an HDMI-CEC adapter")])
    func noAdapter(_ device: String, _ line: String) async throws {
        let service = try await Service(photos: 4, arguments: ["--cec", "--cec-device", device])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            for want in ["off", "on"] {
                _ = try await control.data(["screen", want])
                let state = try await control.data(["get-state"]) as? [String: Any]
                #expect(state?["screen"] as? String == want)
            }
            try waitUntil("the cec line") { service.child.errorOutput.contains(line) }
            // get-state says why the TV is not told.
            let cec = (try await control.data(["get-state"]) as? [String: Any])?["cec"] as? [String: Any]
            #expect(cec?["device"] is NSNull)
            #expect((cec?["problem"] as? String)?.hasPrefix(line.dropFirst("cec: ".count)) == true, "\(cec ?? [:])")
            let cecLines = service.child.errorOutput.split(separator: "\n").filter { $0.contains("cec: ") }
            #expect(cecLines.count == 1, "one cec line:\n\(cecLines.joined(separator: "\n"))")
            #expect(service.child.isRunning)
        }
    }
}
