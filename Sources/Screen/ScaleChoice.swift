import InputLimits

/// How many physical pixels the interface draws per logical pixel: what makes captions, panels,
/// the cursor's ring and the wall's gaps as large on a 4K screen as on a 1080p one.
///
/// The first of these that says something wins: `--scale` (or the configuration's `scale`), the
/// toolkits' variables (`GDK_SCALE`, whole numbers as GTK reads it, then `QT_SCALE_FACTOR`), on
/// X11 the `Xft.dpi` resource desktops set for their fonts (96 dpi is 1), on Wayland the
/// compositor's own scale, seen as the drawable's pixels per window point. The console has no
/// desktop to ask: there, and on drivers with no screen (dummy, tests), only `--scale` counts.
/// Rounded to a quarter, so lines and gaps land on whole pixels at the sizes screens come in.
public enum ScaleChoice {
    public struct Inputs: Sendable, Equatable {
        /// `--scale`, already checked against `Limits.scale`; nil when not given.
        public var requested: Double?
        /// The process's environment, or the part holding `GDK_SCALE` and `QT_SCALE_FACTOR`.
        public var environment: [String: String]
        /// The `Xft.dpi` X resource as written, nil when the server has none (or not X11).
        public var xftDPI: String?
        /// SDL's video driver ("x11", "wayland", "kmsdrm", "dummy"…).
        public var videoDriver: String
        /// The renderer's drawable size over the window's size: 2 on a Wayland output at 200 %.
        public var drawableRatio: Double

        public init(requested: Double?, environment: [String: String], xftDPI: String?, videoDriver: String,
                    drawableRatio: Double) {
            self.requested = requested; self.environment = environment; self.xftDPI = xftDPI
            self.videoDriver = videoDriver; self.drawableRatio = drawableRatio
        }
    }

    /// Where the scale came from, for the log.
    public enum Source: String, Sendable {
        case option = "--scale"
        case gdkScale = "GDK_SCALE"
        case qtScaleFactor = "QT_SCALE_FACTOR"
        case xftDPI = "Xft.dpi"
        case display = "the display"
        case standard = "the default"
    }

    public struct Choice: Sendable, Equatable {
        public let scale: Double
        public let source: Source
        /// Values read that mean no scale, each in a sentence for the log's warning.
        public let ignored: [String]

        public init(scale: Double, source: Source, ignored: [String] = []) {
            self.scale = scale; self.source = source; self.ignored = ignored
        }
    }

    /// The lowest and highest a guess from the desktop may give: it is there to make a dense
    /// screen readable, never to shrink an ordinary one.
    static let guessed: ClosedRange<Double> = 1...4

    public static func choose(_ inputs: Inputs) -> Choice {
        if let requested = inputs.requested {
            return Choice(scale: clamped(rounded(requested), to: Limits.scale.range), source: .option)
        }
        let driver = inputs.videoDriver.lowercased()
        guard driver == "x11" || driver == "wayland" else { return Choice(scale: 1, source: .standard) }
        var ignored: [String] = []
        if let word = given(inputs.environment["GDK_SCALE"]) {
            if let whole = Int(word), (1...4).contains(whole) { return Choice(scale: Double(whole), source: .gdkScale) }
            ignored.append("GDK_SCALE=\(word) is not a whole number from 1 to 4")
        }
        if let word = given(inputs.environment["QT_SCALE_FACTOR"]) {
            if let factor = Double(word), Limits.scale.contains(factor) {
                return Choice(scale: rounded(factor), source: .qtScaleFactor, ignored: ignored)
            }
            ignored.append("QT_SCALE_FACTOR=\(word) is not \(Limits.scale.expectation)")
        }
        if driver == "x11", let word = given(inputs.xftDPI) {
            if let dpi = Double(word), dpi.isFinite, dpi > 0 {
                return Choice(scale: clamped(rounded(dpi / 96), to: guessed), source: .xftDPI, ignored: ignored)
            }
            ignored.append("Xft.dpi: \(word) is not a number of dots per inch")
        }
        if driver == "wayland", inputs.drawableRatio.isFinite, inputs.drawableRatio > 0, inputs.drawableRatio != 1 {
            return Choice(scale: clamped(rounded(inputs.drawableRatio), to: guessed), source: .display, ignored: ignored)
        }
        return Choice(scale: 1, source: .standard, ignored: ignored)
    }

    /// To the nearest quarter.
    public static func rounded(_ scale: Double) -> Double {
        (scale * 4).rounded() / 4
    }

    /// What one point of SDL's window coordinates (mouse, window size) is in logical pixels: on
    /// X11 a point is a physical pixel, on Wayland a point is `drawableRatio` of them.
    public static func logicalPerWindowPoint(drawableRatio: Double, scale: Double) -> Double {
        logicalPixels(1, drawableRatio: drawableRatio, scale: scale)
    }

    /// `points` of SDL's window coordinates in logical pixels: multiplied by the ratio, then
    /// divided by the scale, so 800 points at 1.5 are 800 / 1.5 exactly.
    public static func logicalPixels(_ points: Double, drawableRatio: Double, scale: Double) -> Double {
        let ratio = drawableRatio.isFinite && drawableRatio > 0 ? drawableRatio : 1
        return points * ratio / scale
    }

    private static func given(_ value: String?) -> String? {
        let blank: Set<Character> = [" ", "\t"]
        guard let value else { return nil }
        let word = String(value.drop(while: blank.contains).reversed().drop(while: blank.contains).reversed())
        return word.isEmpty ? nil : word
    }

    private static func clamped(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
