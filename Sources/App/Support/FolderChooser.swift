import Foundation

/// "Open Folder…" from the desktop entry (`cascade --choose-folder`): the desktop's own folder
/// dialog, asked before the window opens. zenity (GNOME and most desktops) or kdialog (KDE) run
/// it: SDL 2 has no file dialog, and the XDG portal's would need a D-Bus client for one question.
/// Nothing else is running yet, so waiting for the person to choose blocks nobody.
public enum FolderChooser {
    public enum Outcome: Equatable, Sendable {
        case chosen(String)
        /// The dialog was closed without a folder: the person changed their mind.
        case cancelled
    }

    /// The dialog programs tried, in order, with the arguments that ask for one folder.
    static func commands(startingIn start: String?) -> [(program: String, arguments: [String])] {
        let title = "Open a folder in Cascade"
        var zenity = ["--file-selection", "--directory", "--title=\(title)"]
        // zenity opens a folder given with its trailing slash, and selects it without one.
        if let start { zenity.append("--filename=\(start.hasSuffix("/") ? start : start + "/")") }
        return [("zenity", zenity),
                ("kdialog", ["--getexistingdirectory", start ?? ".", "--title", title])]
    }

    /// Runs the first dialog program found in `PATH`; throws when there is none, or when it
    /// fails for another reason than a cancel.
    public static func choose(startingIn start: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Outcome {
        let searchPath = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for (program, arguments) in commands(startingIn: start) {
            guard let executable = searchPath.lazy.map({ $0 + "/" + program }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            else { continue }
            return try run(executable, arguments, named: program)
        }
        throw CommandError(description: "no folder dialog to ask with: install zenity (or kdialog on KDE), or name the folder: cascade ~/Pictures/Holiday")
    }

    private static func run(_ executable: String, _ arguments: [String], named program: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CommandError(description: "cannot start \(program) to ask for a folder: \(error.localizedDescription)")
        }
        // Read before waiting: a dialog that writes more than a pipe holds must not stall.
        let chosen = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try outcome(status: process.terminationStatus, output: chosen, errors: complaint, program: program)
    }

    /// zenity and kdialog exit 0 with the folder on a line, 1 when closed or cancelled.
    static func outcome(status: Int32, output: Data, errors: Data, program: String) throws -> Outcome {
        let folder = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
        switch status {
        case 0 where !folder.isEmpty: return .chosen(folder)
        case 0, 1: return .cancelled
        default:
            // GTK's and Qt's chatter (dconf, accessibility bus) is not the reason; the last line is.
            let reason = String(decoding: errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "no message"
            throw CommandError(description: "\(program) could not ask for a folder (exit status \(status)): \(reason)")
        }
    }
}
