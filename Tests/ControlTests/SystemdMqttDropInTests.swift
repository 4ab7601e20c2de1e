// The kiosk unit on the home's MQTT bus: the unit itself makes no IP socket at all, and the
// drop-in docs/home-assistant.md installs opens the local network and nothing more, with the
// unit's exposure still within its promise. systemd-analyze reads the drop-in as systemd does,
// from a root folder laid out like /etc.

import Foundation
import Testing
@testable import TestSupport

@Suite(.serialized) struct SystemdMqttDropInTests {
    static let unit = "cascade-kiosk.service"
    static let dropIn = "cascade-kiosk.service.d/mqtt.conf"

    /// `systemd-analyze security` on the kiosk unit installed under a private root, with the
    /// drop-in beside it when asked; whatever systemd-analyze complains of fails the test.
    func security(withDropIn: Bool) throws -> SystemdAnalyze.Run {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-root-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let units = root.appendingPathComponent("etc/systemd/system")
        try FileManager.default.createDirectory(at: units.appendingPathComponent(Self.unit + ".d"), withIntermediateDirectories: true)
        var files = [Self.unit]
        if withDropIn { files.append(Self.dropIn) }
        for file in files {
            try FileManager.default.copyItem(at: SystemdAnalyze.unitFolder.appendingPathComponent(file),
                                             to: units.appendingPathComponent(file))
        }
        let run = try SystemdAnalyze.run(["security", "--offline=true", "--root=" + root.path, Self.unit])
        #expect(run.errors.isEmpty, "systemd-analyze complained: \(run.errors)")
        return run
    }

    func exposure(_ run: SystemdAnalyze.Run) throws -> Double {
        let match = try #require(run.output.firstMatch(of: /Overall exposure level for [^:\s]+: ([0-9]+(?:\.[0-9]+)?)/),
                                 "no overall exposure in: \(run.output)")
        return try #require(Double(match.output.1))
    }

    @Test("without the drop-in the kiosk can make no Internet socket and reach no address",
          .enabled(if: systemdAnalyzeInstalled, systemdAnalyzeMissing))
    func unitHasNoNetwork() throws {
        let run = try security(withDropIn: false)
        #expect(run.output.contains("Service cannot allocate Internet sockets"), "\(run.output)")
        #expect(run.output.contains("Service blocks all IP address ranges"), "\(run.output)")
    }

    @Test("the MQTT drop-in opens the local network only, and the exposure stays at most 2.0",
          .enabled(if: systemdAnalyzeInstalled, systemdAnalyzeMissing))
    func dropInOpensTheLocalNetworkOnly() throws {
        let run = try security(withDropIn: true)
        #expect(run.output.contains("Service may allocate Internet sockets"), "the drop-in was not applied: \(run.output)")
        // An allow list under the unit's IPAddressDeny=any, not "does not define an IP address allow list".
        #expect(run.output.contains("Service defines IP address allow list"), "\(run.output)")
        #expect(try exposure(run) <= 2.0, "\(run.output)")
        let text = try String(contentsOf: SystemdAnalyze.unitFolder.appendingPathComponent(Self.dropIn), encoding: .utf8)
        let allowed = text.split(separator: "\n").filter { $0.hasPrefix("IPAddressAllow=") }
            .flatMap { $0.dropFirst("IPAddressAllow=".count).split(separator: " ").map(String.init) }
        // The loopback, link-local and private ranges a broker in the home has; nothing routable.
        #expect(Set(allowed) == ["localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
                "\(allowed)")
    }
}
