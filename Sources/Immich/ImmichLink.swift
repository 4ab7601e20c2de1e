// `immich://HOST[:PORT]/album/ID` and its kin, for showing part of an Immich server from the
// command line as one shows a folder: /album/ID, /person/ID, /favorites, /memories, /random.
// `immich+http://` is the plain-HTTP server of a home network.

import Foundation

public enum ImmichLink {
    public static func isLink(_ text: String) -> Bool {
        text.hasPrefix("immich://") || text.hasPrefix("immich+http://") || text.hasPrefix("immich+https://")
    }

    /// How many photos `/random` draws.
    public static let randomCount = 200

    /// The server's URL and the selection a link names.
    public static func parse(_ text: String) throws(ImmichError) -> (url: String, selection: ImmichSelection) {
        let usage = "expected immich://HOST[:PORT]/album/ID (or /person/ID, /favorites, /memories, /random); immich+http:// for plain HTTP"
        guard let components = URLComponents(string: text), let scheme = components.scheme,
              let written = components.host, components.query == nil, components.fragment == nil else {
            throw ImmichError("\(text): \(usage)")
        }
        guard let host = ImmichHost.checked(written) else {
            throw ImmichError("\(text): the server must be a host name or an IP address; \(usage)")
        }
        let transport = scheme == "immich+http" ? "http" : "https"
        let server = "\(transport)://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)" + (components.port.map { ":\($0)" } ?? "")
        let parts = components.path.split(separator: "/").map(String.init)
        var selection = ImmichSelection()
        switch (parts.first, parts.count) {
        case ("album", 2): selection.albums = [parts[1]]
        case ("person", 2): selection.people = [parts[1]]
        case ("favorites", 1): selection.favorites = true
        case ("memories", 1): selection.memories = true
        case ("random", 1): selection.random = randomCount
        default: throw ImmichError("\(text): \(usage)")
        }
        return (server, selection)
    }
}
