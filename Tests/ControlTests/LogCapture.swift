import Foundation
import Logging

/// Every log record, for tests to look at. The array is guarded by `lock`.
final class LogCapture: @unchecked Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
    }

    private let lock = NSLock()
    private var stored: [Record] = []

    var records: [Record] { lock.withLock { stored } }

    func messages(at level: Logger.Level) -> [String] { records.filter { $0.level == level }.map(\.message) }

    func append(_ record: Record) { lock.withLock { stored.append(record) } }

    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(Record(level: event.level, message: event.message.description))
        }
    }
}
