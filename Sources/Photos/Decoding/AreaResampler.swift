/// Shrinks B, G, R, A pixels with an area (box) filter: every output pixel is the average of
/// the source pixels it covers, weighted by how much of each it covers, so nothing aliases
/// however large the ratio. Separable: each output row first sums its source rows (vector
/// loops over whole rows — this touches every source byte once and is where the time
/// goes), then each output pixel sums its columns of that row.
/// Weights are coverage in 1/256 of a pixel; sums are exact integers, divided by the total
/// weight only at the end, so a flat colour stays exactly that colour.
/// Hand-written because it is faster than the exact filters of libyuv and pixman, and libyuv's
/// fast one aliases (BENCHMARKS.md, "Hand-written or a library").
enum AreaResampler {
    /// The weight of a fully covered pixel.
    static let wholePixel = 256.0

    /// Source taps of one axis: output `i` reads `count[i]` source indices from `first[i]`
    /// with weights `weights[offset[i] ..< offset[i] + count[i]]`, which total `total[i]`.
    struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [UInt32] = []
        var total: [UInt32] = []
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
                    append(first: min(sourceCount - 1, max(0, Int(a))), weights: [1])
                    continue
                }
                let from = min(sourceCount - 1, Int(a.rounded(.down)))
                let to = max(from + 1, min(sourceCount, Int(b.rounded(.up))))
                var fixed = (from..<to).map { j in
                    UInt32((max(0, min(b, Double(j + 1)) - max(a, Double(j))) * AreaResampler.wholePixel).rounded())
                }
                var head = 0, tail = fixed.count
                while head < tail - 1 && fixed[head] == 0 { head += 1 }
                while tail - 1 > head && fixed[tail - 1] == 0 { tail -= 1 }
                fixed = Array(fixed[head..<tail])
                // Only slivers, each rounded to nothing: weigh them equally.
                if fixed.allSatisfy({ $0 == 0 }) { fixed = fixed.map { _ in 1 } }
                append(first: from + head, weights: fixed)
            }
        }

        /// The largest of `total`: with a row's total it bounds every sum.
        var largestTotal: UInt32 { total.max() ?? 0 }

        /// One output row from its row sums, for sums that fit 32 bits.
        func sumPixels(_ rowSums: UnsafePointer<UInt32>, rowScale: Float, into target: UnsafeMutablePointer<UInt8>, _ width: Int) {
            first.withUnsafeBufferPointer { first in count.withUnsafeBufferPointer { count in
            offset.withUnsafeBufferPointer { offset in weights.withUnsafeBufferPointer { weights in
            total.withUnsafeBufferPointer { total in
                let sums = UnsafeRawPointer(rowSums)
                for x in 0..<width {
                    var sum = SIMD4<UInt32>(repeating: 0)
                    let from = (first[x] - lowest) * 16, wOffset = offset[x]
                    for k in 0..<count[x] {
                        let pixel = sums.loadUnaligned(fromByteOffset: from + k * 16, as: SIMD4<UInt32>.self)
                        sum &+= pixel &* SIMD4(repeating: weights[wOffset + k])
                    }
                    // Adding 2²³ leaves a value below 2²² rounded to a whole number in the
                    // low bits of the float's pattern: a rounding conversion without the
                    // range checks of UInt8(_:), which took half the time.
                    let value = SIMD4<Float>(Float(sum[0]), Float(sum[1]), Float(sum[2]), Float(sum[3]))
                        * (rowScale / Float(total[x])) + SIMD4(repeating: 0x1p23)
                    target[x * 4] = UInt8(truncatingIfNeeded: value[0].bitPattern)
                    target[x * 4 + 1] = UInt8(truncatingIfNeeded: value[1].bitPattern)
                    target[x * 4 + 2] = UInt8(truncatingIfNeeded: value[2].bitPattern)
                    target[x * 4 + 3] = UInt8(truncatingIfNeeded: value[3].bitPattern)
                }
            } } } } }
        }

        private mutating func append(first index: Int, weights ws: [UInt32]) {
            first.append(index)
            count.append(ws.count)
            offset.append(weights.count)
            weights.append(contentsOf: ws)
            total.append(ws.reduce(0, +))
            lowest = min(lowest, index)
            highest = max(highest, index + ws.count)
        }
    }

    /// The source rows of one output row: `count` rows from `first`; the first and last
    /// weigh by how much of them is covered, the rows between weigh a whole row each
    /// (`innerWeight`). Weights are coverage in 1/256 of a row — exact for inner rows at any
    /// ratio — and their total is divided out at the end.
    struct RowSpan {
        var first = 0
        var count = 1
        var firstWeight: UInt32 = 1
        var innerWeight: UInt32 = 0
        var lastWeight: UInt32 = 0
        var totalWeight: UInt32 = 1

        init(output i: Int, of outputs: Int, start: Double, length: Double, sourceCount: Int) {
            let step = length / Double(outputs)
            let a = min(max(start + Double(i) * step, 0), Double(sourceCount))
            let b = min(max(start + Double(i + 1) * step, 0), Double(sourceCount))
            guard b - a >= 1e-9 else {
                first = min(sourceCount - 1, max(0, Int(a)))
                return
            }
            first = min(sourceCount - 1, Int(a.rounded(.down)))
            let end = max(first + 1, min(sourceCount, Int(b.rounded(.up))))
            count = end - first
            // The row sums must fit 32 bits: 255 · scale · rows < 2³².
            let scale = count <= 65_000 ? 256.0 : max(1, (16_000_000 / Double(count)).rounded(.down))
            func weight(_ j: Int) -> UInt32 {
                UInt32((max(0, min(b, Double(j + 1)) - max(a, Double(j))) * scale).rounded())
            }
            firstWeight = weight(first)
            lastWeight = count > 1 ? weight(end - 1) : 0
            innerWeight = count > 2 ? UInt32(scale) : 0
            totalWeight = firstWeight + lastWeight + innerWeight * UInt32(max(0, count - 2))
            if totalWeight == 0 {
                // Only slivers were covered and each rounded to nothing: weigh them equally.
                firstWeight = 1; lastWeight = count > 1 ? 1 : 0; innerWeight = count > 2 ? 1 : 0
                totalWeight = UInt32(count)
            }
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
        if let cut = crop(source, region: region, width: width, height: height) { return cut }
        var source = source
        if alpha { premultiply(&source) }
        let columns = Taps(outputs: width, start: region.x, length: region.width, sourceCount: source.width)

        let spans = (0..<height).map { RowSpan(output: $0, of: height, start: region.y, length: region.height,
                                                sourceCount: source.height) }

        let spanStart = columns.lowest * 4
        let spanBytes = (columns.highest - columns.lowest) * 4
        let rowSums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(spanBytes, 1))
        let inner = UnsafeMutablePointer<UInt32>.allocate(capacity: max(spanBytes, 1))
        let innerShort = UnsafeMutablePointer<UInt16>.allocate(capacity: max(spanBytes, 1))
        let zeroRow = UnsafeMutablePointer<UInt8>.allocate(capacity: max(spanBytes, 1))
        zeroRow.initialize(repeating: 0, count: max(spanBytes, 1))
        defer { rowSums.deallocate(); inner.deallocate(); innerShort.deallocate(); zeroRow.deallocate() }

        /// Sums `rows` source rows into `inner` + `innerShort`. 16-bit lanes hold up to 257
        /// rows of 255 and halve the memory traffic; four rows are added per pass so the
        /// sums stay in registers; every 252 rows the 16-bit sums move to 32 bits.
        /// Returns whether `inner` holds a part of the sum (only past 252 rows; otherwise
        /// it is left as it was).
        func sumInnerRows(_ rows: Int, _ bytes: Int, _ line: (Int) -> UnsafePointer<UInt8>) -> Bool {
            innerShort.update(repeating: 0, count: bytes)
            let long = rows > 252
            if long { inner.update(repeating: 0, count: bytes) }
            var k = 0, batch = 0
            while k < rows {
                // Missing rows of a last, short group read the zero row.
                let zero = UnsafePointer(zeroRow)
                addFourRows(line(k), k + 1 < rows ? line(k + 1) : zero, k + 2 < rows ? line(k + 2) : zero,
                            k + 3 < rows ? line(k + 3) : zero, into: innerShort, bytes)
                k += 4; batch += 4
                if batch >= 252 {
                    for i in 0..<bytes { inner[i] &+= UInt32(innerShort[i]) }
                    innerShort.update(repeating: 0, count: bytes)
                    batch = 0
                }
            }
            return long
        }

        var output = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let out = buffer.baseAddress!
            source.pixels.withUnsafeBufferPointer { pixels in
                let base = pixels.baseAddress!
                for y in 0..<height {
                    let span = spans[y]
                    func line(_ k: Int) -> UnsafePointer<UInt8> { base + (span.first + k) * source.stride + spanStart }
                    // Vertical. The rows fully inside the span all weigh the same, so they are
                    // summed with plain additions (cheap, vectorised) and multiplied once;
                    // only the two partly covered edge rows are weighted one by one.
                    let top = line(0), wTop = span.firstWeight
                    if span.count == 1 {
                        for i in 0..<spanBytes { rowSums[i] = UInt32(top[i]) &* wTop }
                    } else {
                        let bottom = line(span.count - 1), wBottom = span.lastWeight
                        if span.count == 2 {
                            for i in 0..<spanBytes { rowSums[i] = UInt32(top[i]) &* wTop &+ UInt32(bottom[i]) &* wBottom }
                        } else {
                            let long = sumInnerRows(span.count - 2, spanBytes) { line($0 + 1) }
                            if span.innerWeight == 256 && !long {
                                // The common case, in 16-bit multiplies (native in every SIMD
                                // set, unlike 32-bit ones): edge weights are at most 256, and
                                // a whole row's weight of 256 is a shift.
                                combineEdges(top, UInt16(wTop), bottom, UInt16(wBottom), innerShort,
                                             into: rowSums, spanBytes)
                            } else {
                                let wInner = span.innerWeight
                                for i in 0..<spanBytes {
                                    let middle = (long ? inner[i] : 0) &+ UInt32(innerShort[i])
                                    rowSums[i] = UInt32(top[i]) &* wTop &+ UInt32(bottom[i]) &* wBottom &+ middle &* wInner
                                }
                            }
                        }
                    }
                    // Horizontal: weighted sum of the row sums, then divided by the row's and
                    // the columns' total weight.
                    let rowScale = 1 / Double(span.totalWeight)
                    let target = out + y * width * 4
                    if 255 * UInt64(span.totalWeight) * UInt64(columns.largestTotal) <= UInt64(UInt32.max) {
                        // Near 1:1 — a thumbnail to its tile, the common case — every sum fits 32
                        // bits: a pixel's four channels in one vector, several times faster.
                        columns.sumPixels(rowSums, rowScale: Float(rowScale), into: target, width)
                        continue
                    }
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
                        let scale = rowScale / Double(columns.total[x])
                        target[x * 4] = UInt8(Double(b) * scale + 0.5)
                        target[x * 4 + 1] = UInt8(Double(g) * scale + 0.5)
                        target[x * 4 + 2] = UInt8(Double(r) * scale + 0.5)
                        target[x * 4 + 3] = UInt8(Double(a) * scale + 0.5)
                    }
                }
            }
            count = width * height * 4
        }
        if alpha { unpremultiply(&output) }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: output)
    }

    /// A region of whole pixels at 1:1 — a tile cut from a picture already at its size — is
    /// its rows copied: averaging one pixel with weight one costs as much as a real resample.
    static func crop(_ source: DecodedImage, region: (x: Double, y: Double, width: Double, height: Double),
                     width: Int, height: Int) -> DecodedImage? {
        guard region.width == Double(width), region.height == Double(height),
              region.x == region.x.rounded(), region.y == region.y.rounded(),
              region.x >= 0, region.y >= 0, Int(region.x) + width <= source.width, Int(region.y) + height <= source.height
        else { return nil }
        let x = Int(region.x), y = Int(region.y), rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { to, count in
            source.pixels.withUnsafeBytes { from in
                for row in 0..<height {
                    let start = (y + row) * source.stride + x * 4
                    UnsafeMutableRawPointer(to.baseAddress!).advanced(by: row * rowBytes)
                        .copyMemory(from: from.baseAddress!.advanced(by: start), byteCount: rowBytes)
                }
            }
            count = rowBytes * height
        }
        var cut = DecodedImage(width: width, height: height, stride: rowBytes, pixels: pixels)
        cut.partial = source.partial
        return cut
    }

    /// `sums[i] += a[i] + b[i] + c[i] + d[i]` in 16-bit lanes, sixteen bytes at a time:
    /// explicit vectors, because the compiler's own vectorisation of this loop only used
    /// half of each register and ran at a third of the memory bandwidth.
    @inline(__always)
    static func addFourRows(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ c: UnsafePointer<UInt8>,
                            _ d: UnsafePointer<UInt8>, into sums: UnsafeMutablePointer<UInt16>, _ bytes: Int) {
        let out = UnsafeMutableRawPointer(sums)
        var i = 0
        while i + 16 <= bytes {
            let va = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let vb = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let vc = UnsafeRawPointer(c + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let vd = UnsafeRawPointer(d + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let low = (widen(va, from: 0) &+ widen(vb, from: 0)) &+ (widen(vc, from: 0) &+ widen(vd, from: 0))
            let high = (widen(va, from: 8) &+ widen(vb, from: 8)) &+ (widen(vc, from: 8) &+ widen(vd, from: 8))
            out.storeBytes(of: out.loadUnaligned(fromByteOffset: i * 2, as: SIMD8<UInt16>.self) &+ low,
                           toByteOffset: i * 2, as: SIMD8<UInt16>.self)
            out.storeBytes(of: out.loadUnaligned(fromByteOffset: i * 2 + 16, as: SIMD8<UInt16>.self) &+ high,
                           toByteOffset: i * 2 + 16, as: SIMD8<UInt16>.self)
            i += 16
        }
        while i < bytes {
            sums[i] &+= (UInt16(a[i]) &+ UInt16(b[i])) &+ (UInt16(c[i]) &+ UInt16(d[i]))
            i += 1
        }
    }

    /// `sums[i] = a[i]·wa + b[i]·wb + inner[i]·256` with 16-bit multiplies, eight at a time
    /// (left to itself the compiler widens them to emulated 32-bit ones, four at a time).
    @inline(__always)
    static func combineEdges(_ a: UnsafePointer<UInt8>, _ wa: UInt16, _ b: UnsafePointer<UInt8>, _ wb: UInt16,
                             _ inner: UnsafePointer<UInt16>, into sums: UnsafeMutablePointer<UInt32>, _ bytes: Int) {
        let out = UnsafeMutableRawPointer(sums), middle = UnsafeRawPointer(inner)
        let va = SIMD8<UInt16>(repeating: wa), vb = SIMD8<UInt16>(repeating: wb)
        let wholeRow = SIMD8<UInt32>(repeating: 256)
        var i = 0
        while i + 8 <= bytes {
            let ta = widen(UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<UInt8>.self)) &* va
            let tb = widen(UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<UInt8>.self)) &* vb
            let m = widen(middle.loadUnaligned(fromByteOffset: i * 2, as: SIMD8<UInt16>.self))
            let sum = widen(ta) &+ widen(tb) &+ m &* wholeRow
            out.storeBytes(of: sum, toByteOffset: i * 4, as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < bytes {
            sums[i] = UInt32(UInt16(a[i]) &* wa) &+ UInt32(UInt16(b[i]) &* wb) &+ (UInt32(inner[i]) &<< 8)
            i += 1
        }
    }

    // The widenings are spelled out lane by lane, and the loops above use only operators the
    // standard library defines for the concrete vector types: generic ones such as
    // `SIMD8(truncatingIfNeeded:)` are not specialised in a debug build, and each call then
    // looks up type metadata behind a process-wide runtime lock, which under ThreadSanitizer
    // serialises every decode thread. An optimised build runs as fast either way.

    /// Eight bytes of `v`, from lane `k` (0 or 8), widened to 16 bits.
    @inline(__always)
    static func widen(_ v: SIMD16<UInt8>, from k: Int) -> SIMD8<UInt16> {
        SIMD8(UInt16(v[k]), UInt16(v[k + 1]), UInt16(v[k + 2]), UInt16(v[k + 3]),
              UInt16(v[k + 4]), UInt16(v[k + 5]), UInt16(v[k + 6]), UInt16(v[k + 7]))
    }

    @inline(__always)
    static func widen(_ v: SIMD8<UInt8>) -> SIMD8<UInt16> {
        SIMD8(UInt16(v[0]), UInt16(v[1]), UInt16(v[2]), UInt16(v[3]),
              UInt16(v[4]), UInt16(v[5]), UInt16(v[6]), UInt16(v[7]))
    }

    @inline(__always)
    static func widen(_ v: SIMD8<UInt16>) -> SIMD8<UInt32> {
        SIMD8(UInt32(v[0]), UInt32(v[1]), UInt32(v[2]), UInt32(v[3]),
              UInt32(v[4]), UInt32(v[5]), UInt32(v[6]), UInt32(v[7]))
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
