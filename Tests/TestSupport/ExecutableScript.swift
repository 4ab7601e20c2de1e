// Test scripts that the code under test executes. Written by this process, a script can fail
// to start with ETXTBSY ("Text file busy"): tests run in parallel, and a child another test
// spawns at that moment inherits the still-open writing descriptor until its own exec. Written
// by a short-lived `sh`, the file is never open for writing in this process, so no child can
// hold it.

import Foundation

/// Writes `text` to `path` as an executable file (mode 755) and returns `path`.
@discardableResult
func writeExecutable(_ text: String, to path: String) throws -> String {
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "cat > \"$1.tmp\" && chmod 755 \"$1.tmp\" && mv \"$1.tmp\" \"$1\"", "sh", path]
    let input = Pipe()
    writer.standardInput = input
    try writer.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    writer.waitUntilExit()
    guard writer.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    return path
}
