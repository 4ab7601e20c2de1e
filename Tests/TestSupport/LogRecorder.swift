import Logging
import Locking

/// Every log record a component wrote, for a test to check what was logged, at which level and
/// how often. Safe to log to from any thread.
public final class LogRecorder: Sendable {
    public struct Record: Sendable {
        public let level: Logger.Level
        public let message: String
    }

    private let stored = Locked<[Record]>([])

    public init() {}

    public var records: [Record] { stored.withLock { $0 } }

    /// Every message, oldest first, whatever its level.
    public var messages: [String] { records.map(\.message) }

    public func messages(at level: Logger.Level) -> [String] { records.filter { $0.level == level }.map(\.message) }

    public var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.stored.withLock { $0.append(Record(level: event.level, message: event.message.description)) }
        }
    }
}
