// The detail view's side of an animated GIF, WebP or JPEG XL: it plays once the photo's still is
// in, at the window's size, and stops when the photo changes or the view closes (DetailAnimation).

extension DetailScreen {
    /// Plays the photo shown, if it may move and its still is in (at the window's size).
    func playIfReady() {
        guard let animation else { return }
        guard hasDecode(index) else { return animation.stop() }
        animation.start(index: index, entry: entry, box: windowBox)
    }

    func accept(_ finished: AnimationDecodes.Finished, now: Double) { animation?.accept(finished, now: now) }
    /// True when the animation's picture changed.
    func advanceAnimation(to now: Double) -> Bool { animation?.advance(to: now) ?? false }
    var nextAnimationChange: Double { animation?.nextChange ?? .infinity }
}
