// Which entries can stay where they are when the wall's order is recomputed: the heaviest
// subsequence whose new places increase. Everything else is removed and inserted again.

enum HeaviestIncreasing {
    /// For `values` (distinct, each in 0..<`bound`), which to keep so the kept values increase
    /// and their total weight is the largest. O(n log bound), with a Fenwick tree of prefix
    /// maxima over the values.
    static func keep(_ values: [Int], weights: [Int], bound: Int) -> [Bool] {
        precondition(values.count == weights.count)
        // tree[k]: the best (weight, element) ending at a value in k's Fenwick range.
        var tree = [(weight: Int, element: Int)](repeating: (0, -1), count: bound + 1)
        var previous = [Int](repeating: -1, count: values.count)
        var best = (weight: 0, element: -1)
        for (element, value) in values.enumerated() {
            // The best chain ending below `value`.
            var before = (weight: 0, element: -1)
            var k = value
            while k > 0 {
                if tree[k].weight > before.weight { before = tree[k] }
                k -= k & -k
            }
            let total = (weight: before.weight + weights[element], element: element)
            previous[element] = before.element
            if total.weight > best.weight { best = total }
            k = value + 1
            while k <= bound {
                if total.weight > tree[k].weight { tree[k] = total }
                k += k & -k
            }
        }
        var kept = [Bool](repeating: false, count: values.count)
        var element = best.element
        while element >= 0 {
            kept[element] = true
            element = previous[element]
        }
        return kept
    }
}
