import Foundation

/// The binary, run to its end with `environment` added to this process's (and, unless
/// `withoutDisplay` is false, away from any display): how it ended, its stdout and its stderr.
/// `launcher`: a command that runs cascade, its arguments following (`ByteName.launcher`).
func cascadeRun(_ arguments: [String], environment: [String: String],
                withoutDisplay: Bool = true, launcher: [String] = []) throws -> (status: Int32, out: String, err: String) {
    let p = Process()
    let command = launcher + [cascadeBinary] + arguments
    p.executableURL = URL(fileURLWithPath: command[0])
    p.arguments = Array(command.dropFirst())
    var env = ProcessInfo.processInfo.environment
    env["XDG_STATE_HOME"] = freshStateHome()
    if withoutDisplay {
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
    }
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}
