// The `--stats` panel (`s`): its lines are made again twice a second, not every frame, since
// text that changes every frame would make a texture every frame.

struct StatsPanel {
    var shown: Bool
    private var lines: [String] = []
    private var updated = -Double.infinity

    init(shown: Bool) { self.shown = shown }

    /// The lines to draw at `now`, made by `make` when the last ones are old enough.
    mutating func lines(at now: Double, make: () -> [String]) -> [String] {
        if now - updated > 0.5 {
            updated = now
            lines = make()
        }
        return lines
    }
}
