// Naming the console's display device, through the real binary: a device that is not there is
// one clear line and a failed start, never a window on the wrong card or a black screen. (The
// choice among real cards is shown in the console VM: script/dev/kiosk-vm.d/devices.sh.)

import Foundation
import Testing
@testable import TestSupport

@Suite("Naming the console's display device") struct DisplayDeviceEndToEndTests {
    /// This machine has no /dev/dri, so any named device is missing.
    private func start(_ arguments: [String], environment: [String: String] = ["SDL_VIDEODRIVER": "dummy"]) throws -> (status: Int32, err: String) {
        let folder = try PhotoFolder()
        _ = try folder.photo("a.jpg", width: 40, height: 30, colour: "red")
        let run = try cascadeRun(arguments + [folder.path], environment: environment)
        return (run.status, run.err)
    }

    @Test("--drm-device naming a card that is not there stops cascade with one line saying so")
    func missingCard() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri/card9") else { return }
        let run = try start(["--drm-device", "card9"])
        #expect(run.status != 0)
        #expect(run.err.contains("drm device card9: no such display device"), "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
    }

    @Test("the drm-device key of the configuration file is the same setting, by-path links included")
    func configurationKey() throws {
        let folder = try PhotoFolder()
        let config = folder.path + "/cascade.toml"
        let gone = "/dev/dri/by-path/platform-nothing-here-card"
        try "drm-device = \"\(gone)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try start(["--config", config])
        #expect(run.status != 0)
        #expect(run.err.contains("drm device \(gone): no such display device"), "\(run.err)")
    }

    @Test("on the console with no display device at all, the error says no device has a screen, not SDL's guess")
    func consoleWithoutDevices() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri") else { return }
        let run = try start([], environment: ["SDL_VIDEODRIVER": "kmsdrm"])
        #expect(run.status != 0)
        #expect(run.err.contains("no display device has a connected output (/dev/dri has no cards)"), "\(run.err)")
    }
}
