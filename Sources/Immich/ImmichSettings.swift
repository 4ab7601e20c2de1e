// Everything an Immich source is told: the server, its key, what to show, how often to look and
// how much room the cache folder may take.

import CacheHome
import Foundation
import SecretFile

public struct ImmichSettings: Sendable, Equatable {
    /// `https://host[:port]` or `http://…`, without a trailing slash.
    public var url: String
    public var keyFile: String
    public var selection = ImmichSelection()
    /// Seconds between listings.
    public var poll = 300
    /// The cache folder's bound, in bytes.
    public var cacheBytes: Int64 = 2048 << 20
    /// A PEM file of the certificates to trust instead of the system's (a self-signed server).
    public var caFile: String?
    /// Where the photos are kept; nil: `cacheFolder(environment:)`.
    public var cacheFolder: String?

    public init(url: String, keyFile: String) {
        self.url = url
        self.keyFile = keyFile
    }

    /// Checks `text` is an http(s) URL whose host is a host name or an IP address, and returns it
    /// without a trailing slash.
    public static func serverURL(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host, ImmichHost.checked(host) != nil,
              components.query == nil, components.fragment == nil else { return nil }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// `${XDG_CACHE_HOME:-~/.cache}/cascade/immich/<host>[-<port>]`: one folder per server.
    public func folder(environment: [String: String]) -> String? {
        if let cacheFolder { return cacheFolder }
        // Checked again here, whoever made the settings: the name is a path component.
        guard let components = URLComponents(string: url), let host = components.host.flatMap(ImmichHost.checked) else { return nil }
        let name = host + (components.port.map { "-\($0)" } ?? "")
        guard let base = CacheHome.folder(environment: environment) else { return nil }
        return base + "/cascade/immich/" + name
    }

    /// The API key: the key file's first line, trimmed. Immich's keys are printable ASCII: a line
    /// with anything else is not a key (and a control character would reach the HTTP client,
    /// whose error would print it), so it is refused naming the file, never what it holds.
    public static func readKey(_ path: String) throws(ImmichError) -> String {
        let line: String
        do {
            line = try SecretFile.firstLine(of: path, what: "the key file")
        } catch {
            throw ImmichError(error.description)
        }
        let key = line.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { throw ImmichError("the key file \(path) has no key on its first line") }
        guard key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw ImmichError("the key file \(path) holds more than an API key on its first line (a key is ASCII letters, digits and punctuation)")
        }
        return key
    }
}

public struct ImmichError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
