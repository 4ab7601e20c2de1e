// How long a photo of the detail view took to reach the screen, from the moment it was asked
// for (Return, a tap, `select`, next or previous): the first frame presented for it and what
// that frame showed, the first frame with a picture of it, then the first with the sharp
// decode. One debug log line each, read by script/dev/bench-viewer; a person waiting sees the
// same two moments.

struct DetailTiming {
    /// What a frame of the detail view showed of its photo.
    enum Picture: String {
        case placeholder = "a placeholder"
        case tile = "the tile's picture"
        case sharp = "the sharp photo"
        case error = "an error"
    }

    private var askedAt: Double
    private var index: Int
    private var firstReported = false
    private var pictureReported = false
    private var sharpReported = false

    init(index: Int, askedAt: Double) {
        self.index = index
        self.askedAt = askedAt
    }

    /// Another photo is asked for: its clock starts now.
    mutating func restart(index: Int, at now: Double) {
        self = DetailTiming(index: index, askedAt: now)
    }

    /// A frame showing `picture` was presented at `now`; the lines to log, if it was a first.
    mutating func presented(_ picture: Picture, at now: Double) -> [String] {
        let ms = Int(((now - askedAt) * 1000).rounded())
        var lines: [String] = []
        if !firstReported {
            firstReported = true
            lines.append("photo \(index + 1): first frame \(ms) ms after it was asked for, showing \(picture.rawValue)")
        }
        if !pictureReported, picture != .placeholder {
            pictureReported = true
            lines.append("photo \(index + 1): first picture \(ms) ms after it was asked for: \(picture.rawValue)")
        }
        if !sharpReported, picture == .sharp || picture == .error {
            sharpReported = true
            lines.append("photo \(index + 1): \(picture == .sharp ? "sharp" : "error") \(ms) ms after it was asked for")
        }
        return lines
    }
}
