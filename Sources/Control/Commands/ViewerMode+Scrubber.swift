extension ViewerMode {
    /// The date scrubber's thumb held on the wall's right edge: Esc lets it go back to where the
    /// drag started. While the thumb is not held the rail's screen answers to the wall's keys.
    public static let scrubber = ViewerMode(rawValue: "scrubber")
}
