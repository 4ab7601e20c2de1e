// Which of a server's photos a frame shows: the union of albums, people, favourites, a window of
// dates taken, today's memories and a random draw from the timeline.

public struct ImmichSelection: Sendable, Equatable {
    public var albums: [String] = []
    public var people: [String] = []
    public var favorites = false
    /// ISO 8601 moments (a date alone is its midnight, UTC): a window on when photos were taken.
    /// With albums, people or favourites it narrows each of them; alone it is a selection itself.
    public var takenAfter: String?
    public var takenBefore: String?
    public var memories = false
    /// How many photos to draw at random from the timeline; 0: none.
    public var random = 0

    public init() {}

    public var isEmpty: Bool {
        albums.isEmpty && people.isEmpty && !favorites && takenAfter == nil && takenBefore == nil && !memories && random == 0
    }

    /// The metadata searches whose union is the listed part of the selection: one per album and
    /// per person, since the search's filters narrow each other rather than add up.
    var searches: [ImmichSearch] {
        var searches = albums.map { ImmichSearch(albumIds: [$0]) } + people.map { ImmichSearch(personIds: [$0]) }
        if favorites { searches.append(ImmichSearch(isFavorite: true)) }
        if searches.isEmpty, takenAfter != nil || takenBefore != nil { searches.append(ImmichSearch()) }
        return searches.map { search in
            var search = search
            search.takenAfter = takenAfter
            search.takenBefore = takenBefore
            return search
        }
    }

    /// `2019-01-01` as the search takes it; nil when the text is neither a date nor a moment.
    public static func moment(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let isDate = bytes.count == 10 && bytes.enumerated().allSatisfy { i, b in
            i == 4 || i == 7 ? b == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
        if isDate { return ImmichDate.parse(text + "T00:00:00.000Z") != nil ? text + "T00:00:00.000Z" : nil }
        return ImmichDate.parse(text) != nil ? text : nil
    }
}

/// One `POST /api/search/metadata` body, a page at a time; only images on the timeline (not
/// archived, hidden or locked ones).
struct ImmichSearch: Encodable, Sendable, Equatable {
    var albumIds: [String]?
    var personIds: [String]?
    var isFavorite: Bool?
    var takenAfter: String?
    var takenBefore: String?
    var type = "IMAGE"
    var visibility = "timeline"
    var withExif = true
    var page = 1
    var size = 1000
}

/// `POST /api/search/random`.
struct ImmichRandomSearch: Encodable, Sendable {
    var size: Int
    var type = "IMAGE"
    var visibility = "timeline"
    var withExif = true
}
