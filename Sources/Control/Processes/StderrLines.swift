// A command's stderr cut into log lines: bounded in count and length, control characters made
// visible, so whatever a command prints cannot forge log lines or grow memory.

struct StderrLines {
    let maxLines: Int
    let maxLineBytes: Int
    let emit: (String) -> Void

    private var current: [UInt8] = []
    private var truncated = false
    private var emitted = 0
    private var dropped = 0

    init(maxLines: Int, maxLineBytes: Int, emit: @escaping (String) -> Void) {
        self.maxLines = maxLines
        self.maxLineBytes = maxLineBytes
        self.emit = emit
    }

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        for b in bytes {
            if b == UInt8(ascii: "\n") { endLine(); continue }
            if current.count < maxLineBytes { current.append(b) } else { truncated = true }
        }
    }

    /// The last line, if it had no newline, and how much was left out.
    mutating func finish() {
        if !current.isEmpty || truncated { endLine() }
        if dropped > 0 { emit("(\(dropped) more line\(dropped == 1 ? "" : "s") of stderr not logged)") }
    }

    private mutating func endLine() {
        defer { current.removeAll(keepingCapacity: true); truncated = false }
        guard emitted < maxLines else { dropped += 1; return }
        emitted += 1
        var text = String(decoding: current, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        text = String(text.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7f ? "\u{FFFD}" : Character($0) })
        emit(truncated ? text + "…" : text)
    }
}
