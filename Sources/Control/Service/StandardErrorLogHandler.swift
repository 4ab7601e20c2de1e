// swift-log's handler for cascade: every event is one `LogLine`, written to stderr with a single
// write(2) so lines from the frame loop and the decoder threads never interleave mid-line — and
// above a progress bar, when one is shown (`TerminalStatusLine`).

import Glibc
import Logging

public struct StandardErrorLogHandler: LogHandler {
    public let label: String
    public let style: LogLineStyle
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public init(label: String, style: LogLineStyle, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.style = style
        self.metadataProvider = metadataProvider
    }

    /// The style for this process's stderr: `.journal` when it is the stream `JOURNAL_STREAM` names.
    public static func detectStyle(environment: [String: String]) -> LogLineStyle {
        JournalStream.isConnected(fileDescriptor: STDERR_FILENO, environment: environment) ? .journal : .terminal
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        if let error = event.error { all["error"] = "\(error)" }
        let line = LogLine.format(style: style, level: event.level, label: label, source: event.source,
                                  message: event.message.description, metadata: all,
                                  timestamp: style == .terminal ? Self.timestamp() : "")
        TerminalStatusLine.standardError.print(line)
    }

    /// Local time as swift-log's own stream handler prints it.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "-" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
