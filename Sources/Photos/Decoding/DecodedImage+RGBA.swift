extension DecodedImage {
    /// Interleaved RGBA rows, as libheif and libjxl give them, into cascade's BGRA (ARGB8888 in
    /// memory): red and blue change places.
    static func fromRGBA(_ source: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> DecodedImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for y in 0..<height {
                let row = source + y * stride, out = y * width * 4
                for x in 0..<width {
                    buffer[out + 4 * x] = row[4 * x + 2]
                    buffer[out + 4 * x + 1] = row[4 * x + 1]
                    buffer[out + 4 * x + 2] = row[4 * x]
                    buffer[out + 4 * x + 3] = row[4 * x + 3]
                }
            }
            count = width * height * 4
        }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels)
    }
}
