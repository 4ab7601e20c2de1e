// Naming the console's display device, through the real binary: a device that is not there is
// one clear line and a failed start, never a window on the wrong card or a black screen. (The
// choice among real cards is shown in the console VM: script/dev/kiosk-vm.d/devices.sh.)

import Foundation
import Testing
@testable import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Naming the console's display device") struct DisplayDeviceEndToEndTests {
    /// A machine with display devices (a desktop, a CI runner with a GPU) sees its own cards: the
    /// binary runs in a mount namespace of its own with an empty /dev/dri, so every run here
    /// meets a machine without any, as the tests mean. Without /dev/dri there is nothing to hide.
    private static let hideCards: [String] = FileManager.default.fileExists(atPath: "/dev/dri")
        ? ["/usr/bin/unshare", "-m", "--", "/bin/sh", "-c", "mount -t tmpfs none /dev/dri && exec \"$0\" \"$@\""]
        : []
    /// Hiding takes a mount namespace, which takes root; the tests say so rather than pass unrun.
    static let canHide = hideCards.isEmpty || getuid() == 0

    private func start(_ arguments: [String], environment: [String: String] = ["SDL_VIDEODRIVER": "dummy"]) throws -> (status: Int32, err: String) {
        let folder = try PhotoFolder()
        _ = try folder.photo("a.jpg", width: 40, height: 30, colour: "red")
        let run = try cascadeRun(arguments + [folder.path], environment: environment, launcher: Self.hideCards)
        return (run.status, run.err)
    }

    @Test("--drm-device naming a card that is not there stops cascade with one line saying so",
          .enabled(if: canHide, "this machine has /dev/dri: hiding it takes a mount namespace, which needs root"))
    func missingCard() throws {
        let run = try start(["--drm-device", "card9"])
        #expect(run.status != 0)
        #expect(run.err.contains("drm device card9: no such display device"), "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
    }

    @Test("the drm-device key of the configuration file is the same setting, by-path links included",
          .enabled(if: canHide, "this machine has /dev/dri: hiding it takes a mount namespace, which needs root"))
    func configurationKey() throws {
        let folder = try PhotoFolder()
        let config = folder.path + "/cascade.toml"
        let gone = "/dev/dri/by-path/platform-nothing-here-card"
        try "drm-device = \"\(gone)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try start(["--config", config])
        #expect(run.status != 0)
        #expect(run.err.contains("drm device \(gone): no such display device"), "\(run.err)")
    }

    @Test("on the console with no display device at all, the error says no device has a screen, not SDL's guess",
          .enabled(if: canHide, "this machine has /dev/dri: hiding it takes a mount namespace, which needs root"))
    func consoleWithoutDevices() throws {
        let run = try start([], environment: ["SDL_VIDEODRIVER": "kmsdrm"])
        #expect(run.status != 0)
        #expect(run.err.contains("no display device has a connected output (/dev/dri has no cards)"), "\(run.err)")
    }
}
