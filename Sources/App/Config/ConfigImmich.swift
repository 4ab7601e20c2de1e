// The configuration's `[sources.immich]` table (docs/immich.md): the server's URL, the file
// holding the API key, what to show (albums, people, favourites, a window of dates taken,
// memories, a random draw), how often to look and how large the cache may grow. Checked when the
// file is read, each problem with its file and line like any other key's.

import Foundation
import Immich
import TOMLKit

public struct ConfigImmich: Sendable, Equatable {
    static let section = "sources"
    static let name = "immich"
    static let table = "sources.immich"
    static let keys = ["url", "key-file", "albums", "people", "favorites", "taken-after", "taken-before", "memories",
                       "random", "poll", "cache-size", "ca-file"]

    public var settings: ImmichSettings

    /// The `[sources]` table: only `immich` is a source cascade knows.
    static func read(_ sources: TOMLTable, lines: [String: Int], file: String) throws(ConfigError) -> ConfigImmich? {
        if let other = sources.keys.first(where: { $0 != name }) {
            throw ConfigError(file: file, line: lines[section], key: "\(section).\(other)",
                              message: "unknown source (the sources are: \(name))")
        }
        guard let value = sources[name] else { return nil }
        guard let table = value.table else {
            throw ConfigError(file: file, line: lines[section], key: Self.table, message: "expected a table, as [sources.immich]")
        }
        return try settings(table, lines: lines, file: file)
    }

    static func settings(_ table: TOMLTable, lines: [String: Int], file: String) throws(ConfigError) -> ConfigImmich {
        let headerLine = lines[TOMLKeyLines.inTable(section, name)] ?? lines[section]
        func fail(_ key: String, _ message: String) -> ConfigError {
            ConfigError(file: file, line: lines[TOMLKeyLines.inTable(Self.table, key)] ?? headerLine,
                        key: "\(Self.table).\(key)", message: message)
        }
        if let unknown = table.keys.first(where: { !keys.contains($0) }) {
            throw fail(unknown, "unknown key (\(Self.table) has \(keys.joined(separator: ", ")))")
        }
        func text(_ key: String) throws(ConfigError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, !text.isEmpty else { throw fail(key, "expected a non-empty string") }
            return text
        }
        func flag(_ key: String) throws(ConfigError) -> Bool {
            guard let value = table[key] else { return false }
            guard let flag = value.bool else { throw fail(key, "expected true or false") }
            return flag
        }
        func ids(_ key: String) throws(ConfigError) -> [String] {
            guard let value = table[key] else { return [] }
            guard let items = value.array?.map(\.string), case let ids = items.compactMap({ $0 }), ids.count == items.count,
                  !ids.contains(where: \.isEmpty) else {
                throw fail(key, "expected a list of ids, as \(key) = [\"5f3c…\"]")
            }
            return ids
        }
        func number(_ key: String, _ range: ClosedRange<Int>, _ what: String) throws(ConfigError) -> Int? {
            guard let value = table[key] else { return nil }
            guard let n = value.int, range.contains(n) else { throw fail(key, "expected \(what) from \(range.lowerBound) to \(range.upperBound)") }
            return n
        }
        func moment(_ key: String) throws(ConfigError) -> String? {
            guard let value = table[key] else { return nil }
            let written: String
            if let date = value.date {
                written = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
            } else if let text = value.string {
                written = text
            } else {
                throw fail(key, "expected a date, as \(key) = \"2019-01-01\"")
            }
            guard let moment = ImmichSelection.moment(written) else {
                throw fail(key, "expected a date, as \(key) = \"2019-01-01\", or an ISO 8601 moment; found \"\(written)\"")
            }
            return moment
        }

        guard let written = try text("url") else {
            throw ConfigError(file: file, line: headerLine, key: "\(Self.table).url",
                              message: "the server is needed, as url = \"https://photos.example.org\"")
        }
        guard let url = ImmichSettings.serverURL(written) else {
            throw fail("url", "expected the server's http:// or https:// address, as url = \"https://photos.example.org\"")
        }
        guard let keyFile = try text("key-file").map({ ConfigFile.resolve($0, against: file) }) else {
            throw ConfigError(file: file, line: headerLine, key: "\(Self.table).key-file",
                              message: "the file holding the API key is needed, as key-file = \"/etc/cascade/immich.key\"")
        }
        var settings = ImmichSettings(url: url, keyFile: keyFile)
        settings.selection.albums = try ids("albums")
        settings.selection.people = try ids("people")
        settings.selection.favorites = try flag("favorites")
        settings.selection.takenAfter = try moment("taken-after")
        settings.selection.takenBefore = try moment("taken-before")
        settings.selection.memories = try flag("memories")
        settings.selection.random = try number("random", 0...100_000, "a number of photos") ?? 0
        settings.poll = try number("poll", 2...86_400, "whole seconds") ?? settings.poll
        if let megabytes = try number("cache-size", 16...1_048_576, "megabytes") { settings.cacheBytes = Int64(megabytes) << 20 }
        settings.caFile = try text("ca-file").map { ConfigFile.resolve($0, against: file) }
        if settings.selection.isEmpty {
            throw ConfigError(file: file, line: headerLine, key: Self.table,
                              message: "nothing to show: name albums, people, favorites, taken-after/taken-before, memories or random")
        }
        return ConfigImmich(settings: settings)
    }
}
