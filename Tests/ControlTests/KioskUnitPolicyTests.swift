// What the units in systemd/ promise about stopping and restarting, read
// from the files themselves: systemd is not PID 1 on the build machines, so nothing can start them.

import Foundation
import Testing
@testable import TestSupport

/// A unit file's assignments per section, in file order (a key may repeat: SystemCallFilter=).
private struct UnitFile {
    let settings: [(section: String, key: String, value: String)]

    init(_ name: String) throws {
        let url = URL(fileURLWithPath: unitFolder + "/" + name)
        var section = ""
        var settings: [(String, String, String)] = []
        for raw in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") { section = String(line.dropFirst().dropLast()); continue }
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings.append((section, String(line[..<equals]), String(line[line.index(after: equals)...])))
        }
        self.settings = settings
    }

    func values(_ section: String, _ key: String) -> [String] {
        settings.filter { $0.section == section && $0.key == key }.map(\.value)
    }

    func value(_ section: String, _ key: String) -> String? { values(section, key).last }
}

@Suite struct KioskUnitPolicyTests {
    @Test("The kiosk never stops restarting: a GPU that appears late at boot must not leave the screen dark for good")
    func kioskRetriesWithoutALimit() throws {
        let unit = try UnitFile("cascade-kiosk.service")
        #expect(unit.value("Unit", "StartLimitIntervalSec") == "0")
        #expect(unit.value("Service", "Restart") == "always")
        // A crash loop still waits between attempts.
        let pause = try #require(unit.value("Service", "RestartSec"))
        #expect(pause.hasSuffix("s") && (Int(pause.dropLast()) ?? 0) >= 1, "RestartSec=\(pause)")
    }

    @Test("Stopping the service sends SIGTERM to cascade alone, not to its decode workers mid-photo",
          arguments: ["cascade-kiosk.service", "cascade.service"])
    func stopKillsTheMainProcessFirst(name: String) throws {
        #expect(try UnitFile(name).value("Service", "KillMode") == "mixed")
    }

    @Test("The syscall filter gives back, after denying @privileged and @resources, exactly what cascade calls",
          arguments: ["cascade-kiosk.service", "cascade.service"])
    func filterAllowsWhatCascadeUses(name: String) throws {
        let filters = try UnitFile(name).values("Service", "SystemCallFilter")
        let deny = try #require(filters.firstIndex { $0.hasPrefix("~") && $0.contains("@privileged") && $0.contains("@resources") })
        // The lines apply in order: an allow after the deny wins over it.
        let allowedAfter = filters[(deny + 1)...].filter { !$0.hasPrefix("~") }.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(Set(allowedAfter) == ["setpriority", "chown", "fchownat"])
    }
}
