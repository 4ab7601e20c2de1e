// swift-tools-version:6.0
import PackageDescription
// cascade's header probe (Sources/Photos/Decoding/Probe, linked in here) over the files named.
let package = Package(
    name: "probe-bench",
    targets: [
        .target(name: "InputLimits"),
        .target(name: "Waterfall", dependencies: ["InputLimits"]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif"),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp"),
        .target(name: "Probe", dependencies: ["Waterfall", "CExif", "CWebP"]),
        .executableTarget(name: "probe-bench", dependencies: ["Probe"]),
    ],
    swiftLanguageModes: [.v6]
)
