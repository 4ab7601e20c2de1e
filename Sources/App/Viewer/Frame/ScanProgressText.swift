// What the screen says while the folders are read: a count that moves, so a first start on
// 100,000 photos is visibly working rather than stuck.

import Photos

enum ScanProgressText {
    static func line(_ progress: ScanProgress?) -> String {
        guard let progress else { return "Looking for photos…" }
        switch progress.phase {
        case .walking:
            return "Looking for photos… \(grouped(progress.done)) found"
        case .probing:
            return "Reading photos… \(grouped(progress.done)) of \(grouped(progress.total ?? progress.done))"
        }
    }

    /// 45000 → "45,000": thousands apart, whatever the locale (the rest of the screen is English).
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
