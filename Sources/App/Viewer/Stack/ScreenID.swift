// Which screen asked for a decode. A result comes back to the screen that asked for it, found by
// this number on the stack, never by what kind of screen it is; a screen closed in the meantime
// is not found, and its late result is dropped. Numbers are never reused, so a new screen can
// not be handed an old one's pixels.

struct ScreenID: Hashable, Sendable {
    let number: Int

    @MainActor private static var last = 0

    @MainActor static func next() -> ScreenID {
        last += 1
        return ScreenID(number: last)
    }
}
