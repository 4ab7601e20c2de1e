// The panel's backlight through a folder laid out like /sys/class/backlight: which device is
// driven when there are several, and how percent maps to the kernel's steps both ways.

import Foundation
import Testing
@testable import Screen
@testable import TestSupport

struct BacklightTests {
    private func device(_ folder: TemporaryFolder, _ name: String, maximum: String, value: String, type: String?) throws {
        try folder.file(name + "/max_brightness", maximum + "\n")
        try folder.file(name + "/brightness", value + "\n")
        if let type { try folder.file(name + "/type", type + "\n") }
    }

    @Test("no folder or no usable device: no backlight")
    func none() throws {
        let folder = TemporaryFolder("cascade-backlight")
        #expect(Backlight.find(in: folder.path + "/missing") == nil)
        #expect(Backlight.find(in: folder.path) == nil)
        try device(folder, "broken", maximum: "0", value: "0", type: "raw")
        try device(folder, "garbage", maximum: "lots", value: "1", type: "raw")
        #expect(Backlight.find(in: folder.path) == nil, "a maximum of 0 or no number is no device to drive")
    }

    @Test("the firmware's device before the platform's before a GPU's raw one")
    func choice() throws {
        let folder = TemporaryFolder("cascade-backlight")
        try device(folder, "amdgpu_bl0", maximum: "255", value: "128", type: "raw")
        try device(folder, "rpi_backlight", maximum: "255", value: "255", type: "platform")
        #expect(Backlight.find(in: folder.path)?.name == "rpi_backlight")
        try device(folder, "acpi_video0", maximum: "15", value: "15", type: "firmware")
        #expect(Backlight.find(in: folder.path)?.name == "acpi_video0")
    }

    @Test("percent to the device's steps and back; the lowest percent is never the dark 0")
    func percent() throws {
        let folder = TemporaryFolder("cascade-backlight")
        try device(folder, "panel", maximum: "15", value: "15", type: "firmware")
        let backlight = try #require(Backlight.find(in: folder.path))
        #expect(backlight.percent() == 100)
        try backlight.set(percent: 50)
        #expect(try String(contentsOfFile: folder.path + "/panel/brightness", encoding: .utf8) == "8")
        #expect(backlight.percent() == 53)
        try backlight.set(percent: 1)
        #expect(try String(contentsOfFile: folder.path + "/panel/brightness", encoding: .utf8) == "1")
    }

    @Test("a file the kernel will not let us write is an error naming it, not a crash")
    func refused() throws {
        let folder = TemporaryFolder("cascade-backlight")
        try device(folder, "panel", maximum: "255", value: "255", type: "raw")
        let backlight = try #require(Backlight.find(in: folder.path))
        try FileManager.default.removeItem(atPath: folder.path + "/panel/brightness")
        try FileManager.default.createDirectory(atPath: folder.path + "/panel/brightness", withIntermediateDirectories: false)
        #expect(throws: BacklightError.self) { try backlight.set(percent: 40) }
        #expect(backlight.percent() == nil)
    }
}
