/// What each format's header reader returns: the stored size and the orientation tag, before
/// `HeaderProbe` checks the size and makes a `PhotoInfo`.
struct StoredHeader {
    var width: Int
    var height: Int
    var orientation: Orientation
}
