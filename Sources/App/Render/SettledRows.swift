/// The rows at the top of a wall that no tile still to be drawn reaches, so they can be written
/// out while the rest is decoded. Tiles finish in any order (the decoders race each other), so
/// the line is the highest top among the tiles not yet drawn; the tiles before the first
/// undrawn one are all drawn, and the lowest top among it and every later one bounds the rest.
struct SettledRows {
    let height: Int
    /// `lowestTop[i]`: the highest first row (the smallest y) among tiles i and after.
    private let lowestTop: [Int]
    private var drawn: [Bool]
    private var firstUndrawn = 0

    /// - Parameters:
    ///   - tops: each tile's first pixel row, in the order the tiles are numbered below.
    ///   - height: the wall's height in rows.
    init(tops: [Int], height: Int) {
        self.height = height
        var lowest = Array(repeating: height, count: tops.count + 1)
        for i in stride(from: tops.count - 1, through: 0, by: -1) { lowest[i] = min(tops[i], lowest[i + 1]) }
        lowestTop = lowest
        drawn = Array(repeating: false, count: tops.count)
    }

    mutating func markDrawn(_ tile: Int) {
        drawn[tile] = true
        while firstUndrawn < drawn.count, drawn[firstUndrawn] { firstUndrawn += 1 }
    }

    /// How many rows from the top are final.
    var rows: Int { max(0, min(height, lowestTop[firstUndrawn])) }
}
