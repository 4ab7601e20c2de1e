// `cascade bench --decode FILE`: one photo to one 256-px tile, on one core, the way the wall
// decodes it (format sniffed and size probed from the header first).

import Photos

public enum DecodeBenchmark {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public static func run(path: String, side: Int = 256, iterations: Int = 20) throws -> Double {
        let photo = PhotoPath(path)
        let info: PhotoInfo
        do { info = try HeaderProbe.probe(photo) } catch { throw Failure(description: "\(path): \(error)") }
        do {
            return try PhotoDecoder.benchmarkTile(path: photo, format: info.format,
                                                  storedSize: (info.pixelWidth, info.pixelHeight),
                                                  side: side, iterations: iterations)
        } catch {
            throw Failure(description: "\(path): \(error.reason)")
        }
    }
}
