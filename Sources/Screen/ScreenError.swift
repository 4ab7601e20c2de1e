import CSDL2

/// Everything that can go wrong while drawing, with a message a person can act on.
public enum ScreenError: Error, Equatable, CustomStringConvertible {
    /// An SDL, SDL_image or SDL_ttf call failed; `message` is SDL's own error text.
    case sdl(operation: String, message: String)
    /// A size that covers no pixel, or one SDL cannot address.
    case invalidSize(String)
    /// A canvas or texture larger than the configured memory cap.
    case tooLarge(what: String, bytes: Int, limit: Int)
    /// Pixel data that does not match the width, height and bytes per row given with it.
    case invalidPixels(String)
    /// The output file could not be written.
    case notWritable(path: String, reason: String)
    /// The PNG encoder refused the picture (a size no PNG can hold, no memory).
    case notEncodable(reason: String)
    /// A texture used after `destroy()`.
    case destroyed
    /// No video driver could start (no display, no DRM device); the text says what to do.
    case noVideo(String)

    public var description: String {
        switch self {
        case let .sdl(operation, message): return "\(operation) failed: \(message)"
        case let .invalidSize(what): return "invalid size: \(what)"
        case let .tooLarge(what, bytes, limit):
            return "\(what) needs \(bytes / (1 << 20)) MiB, more than the limit of \(limit / (1 << 20)) MiB"
        case let .invalidPixels(what): return "invalid pixel data: \(what)"
        case let .notWritable(path, reason): return "cannot write \(path): \(reason)"
        case let .notEncodable(reason): return "cannot encode the PNG: \(reason)"
        case .destroyed: return "texture used after it was destroyed"
        case let .noVideo(explanation): return explanation
        }
    }

    /// Captures SDL's thread-local error text right after a failed call.
    static func sdl(_ operation: String) -> ScreenError {
        let message = SDL_GetError().map { String(cString: $0) } ?? ""
        return .sdl(operation: operation, message: message.isEmpty ? "unknown error" : message)
    }
}
