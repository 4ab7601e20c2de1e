extension ExifSummary {
    /// Where the photo was taken as a caption says it: the place's name when one was found,
    /// else its coordinates; nil without GPS.
    public var whereTaken: String? { placeName ?? place }

    /// This summary with its place named by `name` (a gazetteer's lookup); unchanged without GPS.
    public func named(by name: (_ latitude: Double, _ longitude: Double) -> String?) -> ExifSummary {
        guard let latitude, let longitude else { return self }
        var named = self
        named.placeName = name(latitude, longitude)
        return named
    }
}
