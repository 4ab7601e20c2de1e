// swift-tools-version:6.0
import PackageDescription
// cascade's PhotoIndex (Sources/Photos/Library/PhotoIndex.swift, linked in here) against the same
// tables through GRDB: saving and loading a wall of 100,000 entries.
let package = Package(
    name: "index-bench",
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(name: "InputLimits"),
        .target(name: "Waterfall", dependencies: ["InputLimits"]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif"),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
        .target(name: "Index", dependencies: ["Waterfall", "CExif", "CWebP", "CSQLite", .product(name: "Logging", package: "swift-log")]),
        .executableTarget(name: "index-cascade", dependencies: ["Index"]),
        .executableTarget(name: "index-grdb", dependencies: ["Index", .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
