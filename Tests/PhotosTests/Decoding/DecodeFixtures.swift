import Foundation
import Testing
@testable import Photos

enum FixtureError: Error { case failed(String) }

/// ImageMagick makes the fixtures: the real binary at /usr/bin, not the fake earlier in PATH.
func convert(_ arguments: [String]) throws {
    try run("/usr/bin/convert", arguments)
}

/// libvips streams, so it makes the huge fixtures ImageMagick's limits refuse.
func vips(_ arguments: [String]) throws {
    try run("/usr/bin/vips", arguments)
}

func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FixtureError.failed("\(tool) \(arguments.joined(separator: " ")): "
            + String(decoding: message, as: UTF8.self))
    }
}

/// Left half red, right half blue — colours that survive JPEG and heavy downscaling.
func makeRedBlue(_ dir: TempFolder, _ name: String, width: Int = 800, height: Int = 600,
                 extra: [String] = []) throws -> PhotoPath {
    try convert(["-size", "\(width / 2)x\(height)", "xc:red", "-size", "\(width - width / 2)x\(height)",
                 "xc:blue", "+append"] + extra + [dir.path(name).string])
    return dir.path(name)
}

/// A PNG of `image` written with cascade's own encoder (exact colours, any size).
func writePNG(_ dir: TempFolder, _ name: String, _ image: DecodedImage, text: [(String, String)] = []) throws {
    dir.write(name, try PNGCodec.encode(image, text: text))
}

struct RGBA: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int
    var description: String { "(r \(r), g \(g), b \(b), a \(a))" }

    func isClose(to other: RGBA, tolerance: Int = 40) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance
            && abs(b - other.b) <= tolerance && abs(a - other.a) <= tolerance
    }

    static let red = RGBA(r: 255, g: 0, b: 0, a: 255)
    static let blue = RGBA(r: 0, g: 0, b: 255, a: 255)
    static let green = RGBA(r: 0, g: 255, b: 0, a: 255)
    static let yellow = RGBA(r: 255, g: 255, b: 0, a: 255)
    static let white = RGBA(r: 255, g: 255, b: 255, a: 255)
    static let black = RGBA(r: 0, g: 0, b: 0, a: 255)
}

extension DecodedImage {
    /// Pixels are B, G, R, A in memory.
    func pixel(_ x: Int, _ y: Int) -> RGBA {
        let i = y * stride + x * 4
        return RGBA(r: Int(pixels[i + 2]), g: Int(pixels[i + 1]), b: Int(pixels[i]), a: Int(pixels[i + 3]))
    }

    /// A solid image, for building fixtures in memory.
    static func solid(width: Int, height: Int, _ colour: RGBA) -> DecodedImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in Swift.stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = UInt8(colour.b); pixels[i + 1] = UInt8(colour.g)
            pixels[i + 2] = UInt8(colour.r); pixels[i + 3] = UInt8(colour.a)
        }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels)
    }

    mutating func set(_ x: Int, _ y: Int, _ colour: RGBA) {
        let i = y * stride + x * 4
        pixels[i] = UInt8(colour.b); pixels[i + 1] = UInt8(colour.g)
        pixels[i + 2] = UInt8(colour.r); pixels[i + 3] = UInt8(colour.a)
    }
}

/// Runs a decode that must fail and hands back its error.
func decodeError(_ body: () throws(DecodeError) -> DecodedImage) -> DecodeError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// A 64×64 grey JPEG whose frame header (SOF0 or SOF1) claims 12-bit precision: a real file
/// libjpeg-turbo's 8-bit decoder refuses.
func makeTwelveBitJPEG(in dir: TempFolder) throws -> [UInt8] {
    try convert(["-size", "64x64", "xc:gray", dir.path("gray.jpg").string])
    var bytes = try dir.read("gray.jpg")
    let sof = try #require((0..<(bytes.count - 4)).first {
        bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC1)
    })
    bytes[sof + 4] = 12
    return bytes
}
