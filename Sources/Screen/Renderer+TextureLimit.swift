import CSDL2
import Foundation
import Waterfall

/// The largest texture a renderer can make, and pictures fitted to it before they are decoded.
/// A Raspberry Pi's VideoCore IV (vc4) takes at most 2048 px a side; a photo, a zoomed detail
/// or a slide asking for more is decoded to fit rather than shown as a failed texture.
extension Renderer {
    /// SDL's software renderer reports no limit; holding it to the common GPU limit keeps the
    /// offscreen and window paths failing (or not) for the same walls.
    static let softwareLimit = 16384

    /// Largest texture this renderer can make: what SDL reports (`softwareLimit` where it
    /// reports none), held to `textureSideCap`. Never zero.
    public var maximumTextureSize: PixelSize {
        var info = SDL_RendererInfo()
        let reported = SDL_GetRendererInfo(handle, &info) == 0
            ? PixelSize(width: Int(info.max_texture_width), height: Int(info.max_texture_height))
            : PixelSize(width: 0, height: 0)
        let cap = textureSideCap.map { max(1, $0) } ?? Int.max
        return PixelSize(width: min(cap, reported.width > 0 ? reported.width : Self.softwareLimit),
                         height: min(cap, reported.height > 0 ? reported.height : Self.softwareLimit))
    }

    /// `box` scaled down, its shape kept, to what one texture here can hold.
    public func textureFit(_ box: PixelSize) -> PixelSize {
        box.fitted(within: maximumTextureSize)
    }

    /// `CASCADE_MAX_TEXTURE`: a whole number of pixels, for tests that stand in for a small GPU
    /// (docs/testing.md); anything else is no cap.
    nonisolated static var textureSideCapFromEnvironment: Int? {
        guard let text = ProcessInfo.processInfo.environment["CASCADE_MAX_TEXTURE"], let side = Int(text),
              side >= 16 else { return nil }
        return side
    }
}
