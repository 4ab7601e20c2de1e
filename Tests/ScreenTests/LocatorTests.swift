import Foundation
import Testing
@testable import Screen
@testable import TestSupport

struct AssetLocatorTests {
    @Test func findsTheRepositoryAssetsFromABuildTreeExecutable() throws {
        let root = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(root) }
        try FileManager.default.createDirectory(atPath: root + "/assets/samples", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.build/x86_64-unknown-linux-gnu/release", withIntermediateDirectories: true)
        let found = AssetLocator.locate(environment: [:], executablePath: root + "/.build/x86_64-unknown-linux-gnu/release/cascade",
                                        systemDirectories: [])
        #expect(found == root + "/assets")
    }

    @Test func environmentOverridesAndMissingPlacesAreSkipped() throws {
        let root = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(root) }
        try FileManager.default.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/system", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/repo/assets", withIntermediateDirectories: true)
        let exe = root + "/repo/.build/release/cascade"
        #expect(AssetLocator.locate(environment: ["CASCADE_ASSETS": root + "/mine"], executablePath: exe, systemDirectories: [])
            == root + "/mine")
        // An override naming nothing falls through to the next place rather than failing.
        #expect(AssetLocator.locate(environment: ["CASCADE_ASSETS": root + "/gone"], executablePath: exe, systemDirectories: [])
            == root + "/repo/assets")
        #expect(AssetLocator.locate(environment: [:], executablePath: "/nowhere/bin/cascade",
                                    systemDirectories: [root + "/absent", root + "/system"]) == root + "/system")
        #expect(AssetLocator.locate(environment: [:], executablePath: nil, systemDirectories: [root + "/absent"]) == nil)
    }

    @Test func theSearchStaysCloseToTheExecutableAndNeverUsesTheRoot() {
        let places = AssetLocator.candidates(environment: [:], executablePath: "/usr/bin/cascade", systemDirectories: [])
        #expect(places == ["/usr/share/cascade", "/usr/bin/assets", "/usr/assets"])
        let deep = AssetLocator.candidates(environment: [:], executablePath: "/a/b/c/d/e/f/g/cascade", systemDirectories: [])
        #expect(deep.count == AssetLocator.levelsAboveExecutable + 1)
    }

    @Test("an executable installed in PREFIX/bin finds PREFIX/share/cascade before any assets/ above it")
    func findsTheAssetsOfItsInstallPrefix() throws {
        let home = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(home) }
        // A user's own ~/assets must not be taken for cascade's.
        for folder in ["/assets", "/.local/share/cascade/samples", "/.local/bin"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true)
        }
        #expect(AssetLocator.locate(environment: [:], executablePath: home + "/.local/bin/cascade", systemDirectories: [])
            == home + "/.local/share/cascade")
    }

    @Test func thisTestBinaryFindsTheRepositoryAssets() throws {
        // The test runner lives in .build/<triple>/debug, like the real binary in .../release.
        let found = try #require(AssetLocator.locate(environment: [:]))
        #expect(FileManager.default.fileExists(atPath: found + "/samples/LICENSE"))
    }
}

struct FontLocatorTests {
    @Test func environmentOverrideWinsWhenReadable() throws {
        let folder = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(folder) }
        let font = folder + "/Custom.ttf"
        try Data([0, 1, 0, 0]).write(to: URL(fileURLWithPath: font))
        #expect(FontLocator.locate(environment: ["CASCADE_FONT": font], candidates: []) == font)
        #expect(FontLocator.locate(environment: ["CASCADE_FONT": folder + "/missing.ttf"], candidates: [font]) == font)
        #expect(FontLocator.locate(environment: [:], candidates: [folder, folder + "/none.ttf"]) == nil, "a folder is not a font")
    }

    @Test func theSystemDejaVuIsFound() {
        #expect(FontLocator.locate(environment: [:])?.hasSuffix("DejaVuSans.ttf") == true)
    }
}
