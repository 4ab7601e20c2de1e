// `cascade bench --decode FILE`: one photo to one 256-px tile, on one core, the way the wall
// decodes it (format sniffed and size probed from the header first). The file is read once
// beforehand, so this measures decoding, not the disk.

import Photos
import Waterfall

public enum DecodeBenchmark {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// Mean milliseconds per decode over `iterations`, after one untimed run (the libraries'
    /// lazy set-up and first page faults are not the decoder's speed).
    public static func run(path: String, side: Int = 256, iterations: Int = 20) throws -> Double {
        let photo = PhotoPath(argument: path)
        do {
            let info = try HeaderProbe.probe(photo)
            let data = try SafeFile.readAll(photo)
            let decode = { () throws(DecodeError) -> DecodedImage in
                try PhotoDecoder.decode(data: data, format: info.format, orientation: info.orientation,
                                        storedSize: info.storedSize,
                                        box: PixelSize(width: side, height: side), mode: .fill)
            }
            _ = try decode()
            let runs = max(1, iterations)
            let clock = Stopwatch()
            for _ in 0..<runs { _ = try decode() }
            return clock.seconds * 1000 / Double(runs)
        } catch let error as DecodeError {
            throw Failure(description: "\(path): \(error.reason)")
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }
}
