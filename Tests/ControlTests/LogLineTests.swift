import Glibc
import Logging
import Testing
@testable import Control

@Suite struct LogLineTests {
    @Test func journalLinesCarryThePriorityAndNoTimestamp() {
        let line = LogLine.format(style: .journal, level: .warning, label: "cascade", source: "App",
                                  message: "cannot decode", metadata: ["path": "/srv/photos/a.jpg", "index": "3"],
                                  timestamp: "2026-11-21T07:48:08+0000")
        #expect(line == "<4>cannot decode index=3 path=/srv/photos/a.jpg\n")
    }

    @Test func everyLevelHasItsSyslogPriority() {
        let levels: [Logger.Level] = [.trace, .debug, .info, .notice, .warning, .error, .critical]
        #expect(levels.map(LogLine.priority) == [7, 7, 6, 5, 4, 3, 2])
    }

    @Test func terminalLinesKeepSwiftLogsShape() {
        let line = LogLine.format(style: .terminal, level: .info, label: "cascade", source: "App",
                                  message: "scanned", metadata: ["count": "12"], timestamp: "2026-11-21T07:48:08+0000")
        #expect(line == "2026-11-21T07:48:08+0000 info cascade: count=12 [App] scanned\n")
        let bare = LogLine.format(style: .terminal, level: .error, label: "cascade", source: "Photos",
                                  message: "no folder", metadata: [:], timestamp: "T")
        #expect(bare == "T error cascade: [Photos] no folder\n")
    }

    @Test(arguments: [LogLineStyle.journal, .terminal])
    func oneEventIsOneLine(style: LogLineStyle) {
        // A file name with a newline must not split the entry or forge a second one.
        let line = LogLine.format(style: style, level: .error, label: "cascade", source: "Photos",
                                  message: "cannot read /srv/a\n<2>forged.jpg\r", metadata: ["name": "x\ny"],
                                  timestamp: "T")
        #expect(line.filter { $0 == "\n" }.count == 1 && line.hasSuffix("\n"))
        #expect(line.contains("cannot read /srv/a\\n<2>forged.jpg\\r"))
        #expect(line.contains("name=x\\ny"))
    }

    @Test func controlCharactersAreEscapedAndTextIsNot() {
        #expect(LogLine.escape("bell\u{7} esc\u{1B}[31m del\u{7F}") == "bell\\x07 esc\\x1b[31m del\\x7f")
        #expect(LogLine.escape("tab\tstays, Ünïcödé and 写真 too") == "tab\tstays, Ünïcödé and 写真 too")
    }

    @Test func ambiguousMetadataValuesAreQuoted() {
        let line = LogLine.format(style: .journal, level: .info, label: "", source: "", message: "m",
                                  metadata: ["path": "/srv/my photos/a=b.jpg", "empty": "", "quote": "say \"hi\""],
                                  timestamp: "")
        #expect(line == #"<6>m empty="" path="/srv/my photos/a=b.jpg" quote="say \"hi\"""# + "\n")
    }
}

@Suite struct JournalStreamTests {
    @Test(arguments: ["", "12", "12:", ":34", "12:34:56", "a:34", "-1:2", "12 :34", "99999999999999999999999:1"])
    func malformedValuesNameNoStream(value: String) {
        #expect(JournalStream.parse(value) == nil)
    }

    @Test func parsesDeviceAndInode() {
        let parsed = JournalStream.parse("64770:1234567")
        #expect(parsed?.device == 64770 && parsed?.inode == 1234567)
    }

    @Test func onlyTheVeryStreamCounts() throws {
        var template = Array("/tmp/cascade-journal-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        defer { close(fd); unlink(template) }
        var status = stat()
        try #require(fstat(fd, &status) == 0)
        let mine = "\(status.st_dev):\(status.st_ino)"
        let other = "\(status.st_dev):\(status.st_ino + 1)"

        #expect(JournalStream.isConnected(fileDescriptor: fd, environment: ["JOURNAL_STREAM": mine]))
        // Inherited by a child whose stderr went elsewhere: not the journal.
        #expect(!JournalStream.isConnected(fileDescriptor: fd, environment: ["JOURNAL_STREAM": other]))
        #expect(!JournalStream.isConnected(fileDescriptor: fd, environment: [:]))
        #expect(!JournalStream.isConnected(fileDescriptor: -1, environment: ["JOURNAL_STREAM": mine]))
    }
}
