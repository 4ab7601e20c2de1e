// Decoded pixels as a JPEG file, with TurboJPEG, which already decodes every JPEG here: the small
// picture of the photo on screen that Home Assistant's image entity shows.

import CTurboJPEG

public enum JPEGEncoder {
    /// The JPEG of `image` (B, G, R, A in memory, DecodedImage's order), or nil when TurboJPEG
    /// cannot make one (no memory).
    public static func encode(_ image: DecodedImage, quality: Int = 80) -> [UInt8]? {
        guard image.width > 0, image.height > 0, let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), Int32(image.stride), Int32(image.height),
                        Int32(TJPF_BGRA.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
