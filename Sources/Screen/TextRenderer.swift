import CSDL2
import CSDLFont
import Waterfall

/// Renders single lines of text with SDL_ttf into textures, ellipsised to a width and cached
/// by text, so a frame draws captions without rasterising a glyph.
///
/// Glyphs are rendered white and tinted when drawn, so one cached texture serves any colour.
@MainActor
final class TextRenderer {
    private let font: OpaquePointer
    let renderer: Renderer
    /// Height of one line in physical pixels.
    let lineHeight: Int
    private let cacheLimit: Int

    /// Where a line too wide loses characters.
    enum Truncation: Hashable {
        /// "IMG_2024…0417.jpg": photo names share prefixes and differ at the end.
        case middle
        /// "file is truncated aft…": prose reads from the start.
        case end
    }

    private struct Key: Hashable { let text: String; let maxWidth: Int; let truncation: Truncation }
    private struct Entry { let texture: OwnedTexture?; var lastUse: UInt64 }
    private var cache: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    /// Texts longer than this are cut before measuring: names on Linux are at most 255 bytes,
    /// and nothing longer fits a tile anyway — it bounds the work for hostile input.
    static let maximumCharacters = 512

    init(fontPath: String, pixelSize: Int, renderer: Renderer, cacheLimit: Int = 512) throws {
        if let problem = SDLLibraries.startTTF() { throw ScreenError.sdl(operation: "TTF_Init", message: problem) }
        guard let font = TTF_OpenFont(fontPath, Int32(max(1, pixelSize))) else {
            throw ScreenError.sdl("TTF_OpenFont(\(fontPath))")
        }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        self.font = font
        self.renderer = renderer
        self.lineHeight = Int(TTF_FontHeight(font))
        self.cacheLimit = max(1, cacheLimit)
    }

    isolated deinit {
        cache.removeAll()
        TTF_CloseFont(font)
    }

    var cachedCount: Int { cache.count }

    /// Width in pixels of `text` on one line.
    func width(of text: String) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { return Int.max }
        return Int(w)
    }

    /// `text` made printable and, if wider than `maxWidth`, shortened with "…" where `truncation` says.
    func fitted(_ text: String, maxWidth: Int, truncation: Truncation = .middle) -> String {
        guard maxWidth > 0 else { return "" }
        let clean = Self.printable(text)
        if width(of: clean) <= maxWidth { return clean }
        let characters = Array(clean)
        func candidate(_ kept: Int) -> String {
            let tail = truncation == .middle ? kept * 2 / 5 : 0
            return String(characters[..<(kept - tail)]) + "…" + String(characters[(characters.count - tail)...])
        }
        guard width(of: candidate(0)) <= maxWidth else { return "" }
        // Binary search for the most characters that fit; `low` always fits.
        var low = 0, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if width(of: candidate(mid)) <= maxWidth { low = mid } else { high = mid - 1 }
        }
        return candidate(low)
    }

    /// The texture of `text` fitted to `maxWidth`, from the cache when drawn before; nil when
    /// nothing of it fits or SDL cannot render it.
    func texture(for text: String, maxWidth: Int, truncation: Truncation = .middle) -> OwnedTexture? {
        // A line wider than the largest texture is cut to it, like one wider than the screen.
        let maxWidth = min(maxWidth, renderer.maximumTextureSize.width)
        clock += 1
        let key = Key(text: text, maxWidth: maxWidth, truncation: truncation)
        // A texture destroyed with the renderer it was made on (`Window.recreate`) is made again.
        if var entry = cache[key], entry.texture?.isDestroyed != true {
            entry.lastUse = clock
            cache[key] = entry
            return entry.texture
        }
        let made = render(fitted(text, maxWidth: maxWidth, truncation: truncation))
        cache[key] = Entry(texture: made, lastUse: clock)
        if cache.count > cacheLimit { evictOldest() }
        return made
    }

    private func render(_ line: String) -> OwnedTexture? {
        guard !line.isEmpty,
              let surface = TTF_RenderUTF8_Blended(font, line, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let handle = SDL_CreateTextureFromSurface(renderer.handle, surface) else { return nil }
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        return OwnedTexture(adopting: handle, renderer: renderer,
                            size: PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h)))
    }

    /// Drops the least recently used quarter in one pass, so eviction costs O(1) per insertion
    /// on average instead of a scan each time.
    private func evictOldest() {
        let drop = max(1, cache.count / 4)
        let oldest = cache.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(drop)
        for (key, _) in oldest { cache.removeValue(forKey: key) }
    }

    /// Control characters (a newline in a file name, a NUL) would show as boxes or cut the
    /// C string short; they become U+FFFD, the sign for "a character that cannot be shown".
    static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if count > maximumCharacters { break }
            let control = scalar.properties.generalCategory == .control
            scalars.append(control ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
