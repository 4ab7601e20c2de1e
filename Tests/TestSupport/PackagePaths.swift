import Foundation

/// The repository's root, for the real binary, the bundled assets, the scripts and the units.
public let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The real binary, built by `swift build` next to the tests (it is also the decode worker).
public let cascadeBinary = packageRoot + "/.build/debug/cascade"

/// The repository's systemd units.
public let unitFolder = packageRoot + "/systemd"
