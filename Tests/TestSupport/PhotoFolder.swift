import Foundation
import Photos

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

/// The whole PNG as BGRA pixels.
func loadPNG(_ path: String) throws -> DecodedImage {
    let info = try HeaderProbe.probe(PhotoPath(path))
    return try PhotoDecoder.decode(path: PhotoPath(path), format: .png, storedSize: (info.pixelWidth, info.pixelHeight),
                                   box: (info.pixelWidth, info.pixelHeight), mode: .fit)
}

extension DecodedImage {
    /// (r, g, b) at a pixel.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = y * stride + x * 4
        return (Int(pixels[o + 2]), Int(pixels[o + 1]), Int(pixels[o]))
    }
}

func close(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int), tolerance: Int = 12) -> Bool {
    abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
}
