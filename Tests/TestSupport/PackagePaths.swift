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

/// Where each cascade a test starts keeps its state (`XDG_STATE_HOME`) unless the test gives its
/// own: a folder of its own per start, under one folder per test run removed when the run ends.
/// A desktop cascade remembers the folders it showed there: a test's throwaway folders must not
/// crowd the places of whoever runs the tests out of their own file, and a start must not find the
/// place a previous test left on a folder the suite shares.
public func freshStateHome() -> String {
    _ = stateRootRemovedAtExit
    return stateRoot + "/" + UUID().uuidString
}

private let stateRoot = NSTemporaryDirectory() + "cascade-test-state-\(getpid())"

private let stateRootRemovedAtExit: Void = {
    atexit { removeFolder(stateRoot) }
}()

/// The repository's systemd units.
public let unitFolder = packageRoot + "/systemd"
