import Foundation

/// A temporary folder of solid-colour photos made with ImageMagick, removed at deinit.
final class PhotoFolder {
    private let folder = TemporaryFolder("cascade-app")
    var path: String { folder.path }

    init() throws {}

    /// A photo of one colour (an ImageMagick colour name or #rrggbb).
    @discardableResult
    func photo(_ name: String, width: Int, height: Int, colour: String) throws -> String {
        let file = path + "/" + name
        try magick(["-size", "\(width)x\(height)", "xc:\(colour)", file])
        return file
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

func magick(_ arguments: [String]) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    p.arguments = arguments
    try p.run()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}
