// `cascade ctl`: one command to a running cascade over its control socket, its events as they
// come, or (--batch) command after command read from standard input over one connection. Exit
// status: 0 done, 1 the command failed (the error reply is on stderr), 2 no cascade to talk to
// (cannot connect, no answer, connection lost), 64 bad arguments.

import Control
import Foundation

public enum Ctl {
    public static let exitFailed: Int32 = 1
    public static let exitUnreachable: Int32 = 2
    public static let exitUsage: Int32 = 64

    /// Where ctl's lines go: stdout and stderr, or a test's buffers.
    public struct Output: Sendable {
        public var line: @Sendable (String) -> Void
        public var error: @Sendable (String) -> Void

        public init(line: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
            self.line = line
            self.error = error
        }

        /// Each line written at once, so a pipe reader sees every event as it happens.
        public static let standard = Output(
            line: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            error: { FileHandle.standardError.write(Data("cascade ctl: \($0)\n".utf8)) })
    }

    /// `command`: name and arguments as typed; `follow`: event names to print (empty = all),
    /// nil to run `command` instead; `batch`: command lines to send one after another instead.
    /// `timeout`: seconds to wait for a reply.
    public static func run(socket: String?, command: [String], follow: [String]?,
                           batch: (any Sequence<String>)? = nil, timeout: Double = 10,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           output: Output = .standard) -> Int32 {
        let emit = output.line
        let fail = { (message: String, status: Int32) -> Int32 in
            output.error(message)
            return status
        }
        let path = socket ?? ControlCommandLine.defaultSocketPath(environment: environment) { FileManager.default.fileExists(atPath: $0) }
        let wait = Duration.milliseconds(Int64((timeout * 1000).rounded()))
        if let follow {
            guard command.isEmpty else { return fail("--follow takes event names only, not a command", exitUsage) }
            return run(path: path, wait: wait, fail: fail) { client throws(ControlClientError) in
                try followEvents(client, names: follow.isEmpty ? ["*"] : follow, emit: emit, fail: fail)
            }
        }
        if let batch {
            guard command.isEmpty else { return fail("--batch reads its commands from standard input, not the command line", exitUsage) }
            return run(path: path, wait: wait, fail: fail) { client throws(ControlClientError) in
                try runBatch(client, lines: batch, emit: emit)
            }
        }
        let words: [JSONValue]
        switch request(command) {
        case .success(let made): words = made
        case .failure(let message): return fail(message.text, exitUsage)
        }
        return run(path: path, wait: wait, fail: fail) { client throws(ControlClientError) in
            let reply = try client.request(words)
            if reply["error"] == .string("success") {
                if let data = reply["data"], !data.isNull { emit(data.text) }
                return 0
            }
            return fail(reply["error"]?.stringValue ?? "the reply has no error message: \(reply.text)", exitFailed)
        }
    }

    struct Message: Error { let text: String }

    /// The request's words: the command's name, then each argument as JSON (numbers, bools,
    /// {…} and […]) or a string.
    static func request(_ command: [String]) -> Result<[JSONValue], Message> {
        guard let name = command.first else { return .failure(Message(text: "name a command, e.g. `cascade ctl get-state`")) }
        var words: [JSONValue] = [.string(name)]
        for word in command.dropFirst() {
            do {
                words.append(try ControlCommandLine.argument(word))
            } catch {
                return .failure(Message(text: "argument \(word) is not valid JSON: \(error)"))
            }
        }
        return .success(words)
    }

    /// Each line a command, its words split as a shell splits them; each reply printed whole as
    /// one line of JSON, in order — a line that is no command gets an error reply made here, so
    /// a script reading replies line by line never falls out of step. Blank lines are skipped.
    /// One connection for all: a script on a slow machine (or an emulated one) pays for
    /// starting ctl once, not once a command.
    private static func runBatch(_ client: ControlClient, lines: any Sequence<String>,
                                 emit: (String) -> Void) throws(ControlClientError) -> Int32 {
        var requestID = 0
        for line in lines {
            let words: [String]
            do { words = try ShellWords.split(line) } catch {
                emit(JSONValue.object([("error", .string("cannot split \(line): \(error)"))]).text)
                continue
            }
            if words.isEmpty { continue }
            switch request(words) {
            case .failure(let message):
                emit(JSONValue.object([("error", .string(message.text))]).text)
            case .success(let command):
                requestID += 1
                emit(try client.request(command, requestID: requestID).text)
            }
        }
        return 0
    }

    private static func run(path: String, wait: Duration, fail: (String, Int32) -> Int32,
                            _ body: (ControlClient) throws(ControlClientError) -> Int32) -> Int32 {
        do {
            let client = try ControlClient(path: path, timeout: wait)
            return try body(client)
        } catch .cannotConnect(let path, let reason) {
            return fail("cannot connect to \(path): \(reason) (is cascade running with --control \(path)?)", exitUnreachable)
        } catch {
            return fail("\(error)", exitUnreachable)
        }
    }

    private static func followEvents(_ client: ControlClient, names: [String], emit: (String) -> Void,
                                     fail: (String, Int32) -> Int32) throws(ControlClientError) -> Int32 {
        let reply = try client.request([.string("subscribe")] + names.map { .string($0) })
        guard reply["error"] == .string("success") else {
            return fail(reply["error"]?.stringValue ?? reply.text, exitFailed)
        }
        // Events come whenever they come.
        client.setTimeout(nil)
        while let line = try client.readLine() {
            emit(String(decoding: line, as: UTF8.self))
        }
        return 0
    }
}
