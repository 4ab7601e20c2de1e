// The envelopes Immich's listings come in, with only what cascade reads of them.

/// `POST /api/search/metadata`: one page of assets, and the next page's number while there is one.
struct ImmichSearchResponse: Decodable, Sendable {
    struct Page: Decodable, Sendable {
        var items: [ImmichAsset]
        /// A number written as a string, or null on the last page.
        var nextPage: String?
    }
    var assets: Page
}

/// `GET /api/memories`: each memory holds its assets; "on this day" ones are shown from
/// `showAt` to `hideAt` when the server says so.
struct ImmichMemory: Decodable, Sendable {
    var assets: [ImmichAsset]
    var showAt: String?
    var hideAt: String?
}

/// `GET /api/server/version` is an `ImmichServerVersion`; `POST /api/search/random` a list of assets.
