// A command the configuration names for acting on photos (`[[commands]]`): its argv as written,
// each word given to the program as it is — no shell ever sees it. `{paths}` standing alone as a
// word becomes one argument per photo; `{path}` anywhere in a word is the first photo's path.
// Paths go in as their bytes, so a name with spaces, quotes or a leading dash stays one argument.

public struct ActionCommand: Sendable, Equatable {
    public let name: String
    /// The key that runs it, as `[keys]` writes one; nil: only `run` does.
    public let key: String?
    public let argv: [String]

    public init(name: String, key: String?, argv: [String]) throws(CommandTemplate.SyntaxError) {
        guard !name.isEmpty else { throw .init("a command needs a name") }
        guard let program = argv.first, !program.isEmpty, !program.contains("{path") else {
            throw .init("\"\(name)\": the argv's first word must name the program")
        }
        // A photo's name inside a shell's script would be read as code: refused as on-select's is.
        let parts: [[CommandTemplate.Part]] = argv.map { $0.contains("{path") ? [.path] : [.text(Array($0.utf8))] }
        do {
            try CommandTemplate.refuseShellScriptPlaceholders(words: argv, parts: parts)
        } catch {
            throw .init("\"\(name)\": \(error.message)")
        }
        self.name = name
        self.key = key
        self.argv = argv
    }

    static let pathsWord = "{paths}"
    static let pathWord = Array("{path}".utf8)

    /// The argv for `paths` (their bytes, exactly): argv[0] is looked up in PATH by the spawn.
    public func arguments(paths: [[UInt8]]) -> [[UInt8]] {
        argv.flatMap { word -> [[UInt8]] in
            if word == Self.pathsWord { return paths }
            return [Self.fill(Array(word.utf8), with: paths.first ?? [])]
        }
    }

    private static func fill(_ word: [UInt8], with path: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < word.count {
            if word[i...].starts(with: pathWord) {
                out += path
                i += pathWord.count
            } else {
                out.append(word[i])
                i += 1
            }
        }
        return out
    }
}
