import Foundation

/// The repository's root, for the real binary, the bundled assets, the scripts and the units.
public let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The real binary (it is also the decode worker): `swift build`'s debug build, or the build
/// `CASCADE_TEST_BINARY` names — `.ci/run` gives the sanitizer runs the release build it has
/// made for the console VM, instead of building a plain debug one just for these tests. (Not the
/// sanitized binary beside the tests: the worker's 2-GiB address-space limit leaves a sanitizer
/// no room for its shadow memory.)
public let cascadeBinary = ProcessInfo.processInfo.environment["CASCADE_TEST_BINARY"] ?? packageRoot + "/.build/debug/cascade"

/// The repository's systemd units.
public let unitFolder = packageRoot + "/systemd"
