import Foundation

/// `cascade ctl get-state` on `socket`, decoded as the test's own view of the reply (each suite
/// declares only the fields it reads). `stderr` is the child's, for the error when it fails.
func controlState<State: Decodable>(_ socket: String, as _: State.Type, stderr: @autoclosure () -> String) async throws -> State {
    let r = try await runTool(cascadeBinary, ["ctl", "--socket", socket, "get-state"])
    guard r.status == .exited(0) else { throw HarnessError("cascade ctl get-state: \(r.status); stderr:\n\(stderr())") }
    return try JSONDecoder().decode(State.self, from: r.output)
}

/// Polls get-state until `condition` holds; the last state when it never does.
func waitForControlState<State: Decodable>(_ socket: String, as _: State.Type, stderr: @autoclosure () -> String,
                                           until condition: (State) -> Bool) async throws -> State {
    var state = try await controlState(socket, as: State.self, stderr: stderr())
    _ = try await eventually(every: .milliseconds(100)) {
        state = try await controlState(socket, as: State.self, stderr: stderr())
        return condition(state)
    }
    return state
}
