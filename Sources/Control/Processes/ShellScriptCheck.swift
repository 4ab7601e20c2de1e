// An on-select command that hands a photo's name to a shell as code. cascade never runs a shell,
// but a command may: `sh -c 'echo {path} >> out.txt'` puts the name inside the script, where
// the shell reads `$(…)`, backquotes and `;` in it as commands — a photo called
// `$(touch pwned).jpg` runs `touch pwned`. Such a command is refused when it is
// configured, with the safe form spelled out: the name as an argument after the script
// (`sh -c 'echo "$1" >> out.txt' sh {path}`), or from the environment (`"$CASCADE_PATH"`).
//
// A shell is found by its program's base name anywhere in the command, so wrappers are covered
// too (`env sh -c`, `/usr/bin/env -i bash -c`, `busybox sh -c`, `nice -n 5 dash -c`). The
// script is the first operand once the options (`-e`, `-xc`, `-o NAME`, `--norc`…) hold a `c`;
// fish, nu and elvish take it as the argument of `-c`/`--command`. `env -S STRING` splits its
// string into words again, so a placeholder there is refused as well.

extension CommandTemplate {
    private enum Family { case posix, argumentAfterC }

    private static let shells: [String: Family] = [
        "sh": .posix, "ash": .posix, "dash": .posix, "bash": .posix, "rbash": .posix, "zsh": .posix,
        "ksh": .posix, "ksh93": .posix, "mksh": .posix, "lksh": .posix, "pdksh": .posix, "oksh": .posix,
        "yash": .posix, "posh": .posix, "hush": .posix, "csh": .posix, "tcsh": .posix,
        "fish": .argumentAfterC, "nu": .argumentAfterC, "elvish": .argumentAfterC,
    ]

    /// POSIX-family options that take the next word as their value.
    private static let optionsWithValue: Set<String> = ["--rcfile", "--init-file"]

    static func refuseShellScriptPlaceholders(words: [String], parts: [[Part]]) throws(SyntaxError) {
        func hasPlaceholder(_ k: Int) -> Bool { parts[k].contains { if case .text = $0 { false } else { true } } }
        for (k, word) in words.enumerated() {
            let name = String(word.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
            if name == "env", let split = envSplitString(words, after: k), hasPlaceholder(split) {
                throw SyntaxError("a placeholder in the string of `env -S` is split into words again, so a photo name with a space or a quote becomes other arguments; give each argument its own word instead, as in: env PROGRAM {path}")
            }
            guard let family = shells[name], let script = scriptIndex(words, shellAt: k, family: family),
                  hasPlaceholder(script) else { continue }
            throw SyntaxError(message(words: words, shellAt: k, scriptAt: script, family: family))
        }
    }

    /// Where the word `env -S`/`--split-string` splits is, if any.
    private static func envSplitString(_ words: [String], after k: Int) -> Int? {
        var i = k + 1
        while i < words.count, words[i].hasPrefix("-") {
            if words[i] == "-S" || words[i] == "--split-string" { return i + 1 < words.count ? i + 1 : nil }
            if words[i].hasPrefix("-S") || words[i].hasPrefix("--split-string=") { return i }
            i += 1
        }
        return nil
    }

    /// The word a shell started at `k` runs as its script, if it is told to run one.
    private static func scriptIndex(_ words: [String], shellAt k: Int, family: Family) -> Int? {
        var i = k + 1
        var runsScript = false
        options: while i < words.count {
            let word = words[i]
            if word == "--" || word == "-" {
                i += 1
                break options
            }
            switch family {
            case .argumentAfterC:
                if word == "-c" || word == "--command" || word == "--commands" { return i + 1 < words.count ? i + 1 : nil }
                if word.hasPrefix("--command=") || word.hasPrefix("--commands=") { return i }
                guard word.hasPrefix("-") else { return nil }
                if !word.hasPrefix("--"), let c = word.dropFirst().firstIndex(of: "c") {
                    // `-ic 'script'`, or `-cscript` with the script in the same word.
                    return word.index(after: c) == word.endIndex ? (i + 1 < words.count ? i + 1 : nil) : i
                }
                i += 1
            case .posix:
                if word.hasPrefix("--") {
                    i += optionsWithValue.contains(word) ? 2 : 1
                } else if word.count > 1, word.hasPrefix("-") || word.hasPrefix("+") {
                    let letters = word.dropFirst()
                    if word.hasPrefix("-"), letters.contains("c") { runsScript = true }
                    // -o NAME, +o NAME (set options), -O NAME (bash's shopt) take the next word.
                    i += 1 + letters.filter { $0 == "o" || $0 == "O" }.count
                } else {
                    break options
                }
            }
        }
        return runsScript && i < words.count ? i : nil
    }

    private static func message(words: [String], shellAt k: Int, scriptAt s: Int, family: Family) -> String {
        let shell = words[k]
        let shellName = String(shell.split(separator: "/").last ?? "sh")
        let named = placeholders.map { String(decoding: $0.name, as: UTF8.self) }.filter { words[s].contains($0) }
        var text = "\(named.joined(separator: " and ")) inside the script of `\(shellName) -c` is read by the shell as code: "
            + "a photo named $(touch pwned).jpg would run `touch pwned`."
        let variables = named.count == 1 ? "\"$1\"" : "\"$1\", \"$2\"…"
        let nothingAfter = s + 1 == words.count
        var positional = Array(words[...s])
        switch (family, shellName) {
        case (.posix, let name) where nothingAfter && !["csh", "tcsh"].contains(name): // csh has no $0 to skip
            positional[s] = rewrite(words[s]) { name, _ in "$\(named.firstIndex(of: name)! + 1)" }
            text += " Pass it as an argument after the script and read it there as \(variables): "
                + quoted(positional + [shellName] + named) + ";"
        case (.argumentAfterC, "fish") where nothingAfter:
            positional[s] = rewrite(words[s]) { name, _ in "$argv[\(named.firstIndex(of: name)! + 1)]" }
            text += " Pass it as an argument after the script and read it there as $argv[1]: " + quoted(positional + named) + ";"
        default: break
        }
        text += text.hasSuffix(";") ? " or read it" : " Read it instead"
        text += " from the environment every on-select command gets (\(placeholders.map(\.variable).joined(separator: ", ")))"
        guard family == .posix || shellName == "fish" else { return text + "." }
        var environment = words
        environment[s] = rewrite(words[s]) { name, inDoubleQuotes in
            let variable = placeholders.first { Array(name.utf8) == $0.name }?.variable ?? name
            return inDoubleQuotes && family == .posix ? "${\(variable)}" : "$" + variable
        }
        return text + ": " + quoted(environment)
    }

    private static func quoted(_ words: [String]) -> String { words.map(ShellWords.quote).joined(separator: " ") }

    /// The script with each placeholder replaced by `expansion(placeholder, inDoubleQuotes)`,
    /// quoted so that the shell takes the value as one word whatever quotes the placeholder
    /// stood in: `"$v"` outside quotes, `$v` inside double quotes, `'"$v"'` inside single ones.
    private static func rewrite(_ script: String, expansion: (String, Bool) -> String) -> String {
        let bytes = Array(script.utf8)
        var out: [UInt8] = []
        var quote: UInt8?
        var i = 0
        scanning: while i < bytes.count {
            // A placeholder that is a whole quoted string: just the quoted variable.
            if quote == nil, bytes[i] == UInt8(ascii: "'") || bytes[i] == UInt8(ascii: "\"") {
                for (name, _, _) in placeholders where bytes[(i + 1)...].starts(with: name + [bytes[i]]) {
                    out += [UInt8(ascii: "\"")] + Array(expansion(String(decoding: name, as: UTF8.self), true).utf8) + [UInt8(ascii: "\"")]
                    i += name.count + 2
                    continue scanning
                }
            }
            for (name, _, _) in placeholders where bytes[i...].starts(with: name) {
                let inDoubleQuotes = quote == UInt8(ascii: "\"")
                let value = Array(expansion(String(decoding: name, as: UTF8.self), inDoubleQuotes).utf8)
                switch quote {
                case UInt8(ascii: "\""): out += value
                case UInt8(ascii: "'"): out += Array("'\"".utf8) + value + Array("\"'".utf8)
                default: out += [UInt8(ascii: "\"")] + value + [UInt8(ascii: "\"")]
                }
                i += name.count
                continue scanning
            }
            let b = bytes[i]
            if b == UInt8(ascii: "\\"), quote != UInt8(ascii: "'"), i + 1 < bytes.count {
                out += [b, bytes[i + 1]]
                i += 2
                continue
            }
            if b == UInt8(ascii: "'") || b == UInt8(ascii: "\"") {
                if quote == nil { quote = b } else if quote == b { quote = nil }
            }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
