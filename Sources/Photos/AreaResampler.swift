/// Shrinks B, G, R, A pixels with an area (box) filter: every output pixel is the average of
/// the source pixels it covers, weighted by how much of each it covers, so nothing aliases
/// however large the ratio. Separable: each output row first sums its source rows
/// (a contiguous loop the compiler vectorises — this touches every source byte once and is
/// where the time goes), then each output pixel sums its columns of that row.
/// Weights are 14-bit fixed point; the sums are exact integers until the final rounding.
enum AreaResampler {
    static let weightBits = 14
    static let weightOne = Int32(1 << weightBits)

    /// Source taps of one axis: output `i` reads `count[i]` source indices from `first[i]`
    /// with weights `weights[offset[i] ..< offset[i] + count[i]]`, which sum to `weightOne`.
    struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [Int32] = []
        /// The source span every tap lies in.
        var lowest = 0
        var highest = 0

        init(outputs: Int, start: Double, length: Double, sourceCount: Int) {
            let step = length / Double(outputs)
            lowest = sourceCount
            for i in 0..<outputs {
                var a = start + Double(i) * step, b = start + Double(i + 1) * step
                a = min(max(a, 0), Double(sourceCount)); b = min(max(b, 0), Double(sourceCount))
                if b - a < 1e-9 {
                    // Degenerate span (nothing to average): take the nearest pixel.
                    let nearest = min(sourceCount - 1, max(0, Int(a)))
                    append(first: nearest, weights: [AreaResampler.weightOne])
                    continue
                }
                let from = Int(a.rounded(.down)), to = min(sourceCount, Int(b.rounded(.up)))
                var fixed: [Int32] = []
                fixed.reserveCapacity(to - from)
                var total: Int32 = 0, largest = 0
                for j in from..<to {
                    let cover = min(b, Double(j + 1)) - max(a, Double(j))
                    let w = Int32((cover / (b - a) * Double(AreaResampler.weightOne)).rounded())
                    fixed.append(w)
                    total += w
                    if w > fixed[largest] { largest = fixed.count - 1 }
                }
                // Rounding must not brighten or darken: the weights sum to exactly one.
                fixed[largest] += AreaResampler.weightOne - total
                var head = 0, tail = fixed.count
                while head < tail - 1 && fixed[head] == 0 { head += 1 }
                while tail - 1 > head && fixed[tail - 1] == 0 { tail -= 1 }
                append(first: from + head, weights: Array(fixed[head..<tail]))
            }
        }

        private mutating func append(first index: Int, weights ws: [Int32]) {
            first.append(index)
            count.append(ws.count)
            offset.append(weights.count)
            weights.append(contentsOf: ws)
            lowest = min(lowest, index)
            highest = max(highest, index + ws.count)
        }
    }

    /// Resamples `region` of `source` to `width` × `height`. With `alpha` the average is
    /// taken over premultiplied colour, so transparent pixels do not bleed their colour.
    static func resample(_ source: DecodedImage,
                         region: (x: Double, y: Double, width: Double, height: Double),
                         width: Int, height: Int, alpha: Bool) -> DecodedImage {
        precondition(width > 0 && height > 0 && source.width > 0 && source.height > 0)
        if width == source.width, height == source.height, region.x == 0, region.y == 0,
           region.width == Double(source.width), region.height == Double(source.height) {
            return source
        }
        var source = source
        if alpha { premultiply(&source) }
        let columns = Taps(outputs: width, start: region.x, length: region.width, sourceCount: source.width)
        let rows = Taps(outputs: height, start: region.y, length: region.height, sourceCount: source.height)

        let spanStart = columns.lowest * 4
        let spanBytes = (columns.highest - columns.lowest) * 4
        let rowSums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(spanBytes, 1))
        defer { rowSums.deallocate() }

        var output = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let out = buffer.baseAddress!
            source.pixels.withUnsafeBufferPointer { pixels in
                let base = pixels.baseAddress!
                for y in 0..<height {
                    // Vertical: weighted sum of this output row's source rows.
                    let firstRow = rows.first[y], offset = rows.offset[y]
                    for k in 0..<rows.count[y] {
                        let weight = UInt32(rows.weights[offset + k])
                        let line = base + (firstRow + k) * source.stride + spanStart
                        if k == 0 {
                            for i in 0..<spanBytes { rowSums[i] = UInt32(line[i]) &* weight }
                        } else {
                            for i in 0..<spanBytes { rowSums[i] &+= UInt32(line[i]) &* weight }
                        }
                    }
                    // Horizontal: weighted sum of the row sums; 64-bit, as two 14-bit
                    // weights times 255 need 36 bits.
                    let target = out + y * width * 4
                    for x in 0..<width {
                        var b: UInt64 = 0, g: UInt64 = 0, r: UInt64 = 0, a: UInt64 = 0
                        let from = (columns.first[x] - columns.lowest) * 4, wOffset = columns.offset[x]
                        for k in 0..<columns.count[x] {
                            let w = UInt64(columns.weights[wOffset + k])
                            let p = from + k * 4
                            b &+= UInt64(rowSums[p]) &* w
                            g &+= UInt64(rowSums[p + 1]) &* w
                            r &+= UInt64(rowSums[p + 2]) &* w
                            a &+= UInt64(rowSums[p + 3]) &* w
                        }
                        let half: UInt64 = 1 << (2 * UInt64(weightBits) - 1), shift = 2 * UInt64(weightBits)
                        target[x * 4] = UInt8(truncatingIfNeeded: (b &+ half) >> shift)
                        target[x * 4 + 1] = UInt8(truncatingIfNeeded: (g &+ half) >> shift)
                        target[x * 4 + 2] = UInt8(truncatingIfNeeded: (r &+ half) >> shift)
                        target[x * 4 + 3] = UInt8(truncatingIfNeeded: (a &+ half) >> shift)
                    }
                }
            }
            count = width * height * 4
        }
        if alpha { unpremultiply(&output) }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: output)
    }

    /// True when some pixel is not fully opaque — only then is premultiplying worth it.
    static func hasTranslucency(_ image: DecodedImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = pixels.baseAddress! + y * image.stride
                var all: UInt8 = 0xFF
                for x in 0..<image.width { all &= row[x * 4 + 3] }
                if all != 0xFF { return true }
            }
            return false
        }
    }

    static func premultiply(_ image: inout DecodedImage) {
        let width = image.width, height = image.height, stride = image.stride
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let row = pixels.baseAddress! + y * stride
                for x in 0..<width {
                    let p = row + x * 4, a = UInt32(p[3])
                    if a == 255 { continue }
                    p[0] = UInt8((UInt32(p[0]) * a + 127) / 255)
                    p[1] = UInt8((UInt32(p[1]) * a + 127) / 255)
                    p[2] = UInt8((UInt32(p[2]) * a + 127) / 255)
                }
            }
        }
    }

    static func unpremultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress!
            for i in Swift.stride(from: 0, to: buffer.count, by: 4) {
                let a = UInt32(p[i + 3])
                if a == 255 { continue }
                if a == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; continue }
                p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
            }
        }
    }
}
