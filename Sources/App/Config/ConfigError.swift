// What is wrong with a configuration file, named as a compiler would: FILE:LINE: key 'k': message.

public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based; nil when the problem is the file as a whole (unreadable, not UTF-8).
    public let line: Int?
    public let key: String?
    public let message: String

    public init(file: String, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let key { text += ": key '\(key)'" }
        return text + ": " + message
    }
}
