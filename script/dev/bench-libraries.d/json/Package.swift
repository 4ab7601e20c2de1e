// swift-tools-version:6.0
import PackageDescription
// cascade's JSON reader (Sources/Control/JSON, linked in here) against Foundation's.
let package = Package(
    name: "json-bench",
    targets: [
        .target(name: "CascadeJSON"),
        .executableTarget(name: "json-bench", dependencies: ["CascadeJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
