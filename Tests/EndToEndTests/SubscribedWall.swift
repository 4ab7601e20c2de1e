// The start every test of a wall's file actions shares: READY, the whole wall, a control
// connection subscribed to every event, and the window focused for xdotool's keys.

import Testing
@testable import TestSupport

extension DaemonEndToEndTests.Service {
    func subscribedControl() async throws -> ControlConnection {
        _ = try await check { try await notify.wait(for: "READY=1") }
        let control = try await ControlConnection(socket)
        _ = try await check { try await wholeWall(control) }
        _ = try await control.request(["subscribe", "*"])
        let window = try await server.display.waitForWindow(class: "cascade")
        try await server.display.xdotool(["windowfocus", window], allowFailure: true)
        return control
    }
}
