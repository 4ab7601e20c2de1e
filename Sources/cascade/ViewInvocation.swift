// `cascade [view] …` together with its configuration files. The files become command-line words
// in front of the real ones, so ArgumentParser checks a value from a file exactly as one typed
// by hand, and the command line, coming last, wins.

import App
import ArgumentParser

struct ViewInvocation: Sendable {
    /// EX_USAGE, as ArgumentParser uses for a bad command line.
    static let configErrorStatus: Int32 = 64

    /// The words after `view` (all of them when view is the default command).
    let commandLine: [String]
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) {
        commandLine = arguments.first == "view" ? Array(arguments.dropFirst()) : arguments
        self.environment = environment
    }

    /// The view command as the files and the command line together configure it. Throws a
    /// ConfigError naming file, line and key for a bad setting.
    func parse() throws -> View { try parseWithConfiguration().view }

    /// The view command and the files it was configured by (their `[keys]` are not options).
    /// For a reload, `running` is the configuration the viewer runs with: its restart-only
    /// settings stay, and `notes` says which the files changed.
    /// `alone` is the command line already parsed by itself, when the caller has it. Each parse
    /// builds ArgumentParser's whole command tree by reflection, some 20 ms here and far more
    /// on a Pi, so a start parses as few times as it can: once without a configuration, twice
    /// with one; a setting is parsed by itself only to find which one a failure came from.
    func parseWithConfiguration(running: Configuration? = nil, alone: View? = nil) throws -> (view: View, configuration: Configuration, notes: [String]) {
        let alone = try alone ?? Self.parseView(commandLine)
        var configuration = try Configuration.load(explicitFile: alone.config, environment: environment, keys: { View.configKeys })
        let notes = running.map { configuration.keepRestartOnly(from: $0) } ?? []
        guard !configuration.settings.isEmpty else { return (alone, configuration, notes) }
        let words = configuration.arguments(before: commandLine, commandLineNamesPaths: !alone.paths.isEmpty)
        do {
            return (try Self.parseView(words), configuration, notes)
        } catch {
            // Each setting on its own, so a bad value is blamed on its line, not on the whole.
            for setting in configuration.settings {
                let words = setting.key.kind == .paths ? ["--"] + setting.words : setting.words
                do {
                    _ = try Self.parseView(words)
                } catch {
                    throw ConfigError(file: setting.file, line: setting.line, key: setting.key.name,
                                      message: Cascade.message(for: error))
                }
            }
            // Every setting passed alone and the command line passed alone: only a combination
            // of them can fail here.
            throw ConfigError(file: configuration.files.joined(separator: ", "),
                              message: "with the command line: \(Cascade.message(for: error))")
        }
    }

    /// For SIGHUP: the files read again, the same command line parsed again. The error's
    /// description names file, line and key.
    func options(running: Configuration? = nil) throws -> ViewerOptions {
        let view: View, configuration: Configuration, notes: [String]
        do {
            (view, configuration, notes) = try parseWithConfiguration(running: running)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw RereadError(description: Cascade.message(for: error))
        }
        var options = view.viewerOptions()
        options.adopt(configuration)
        options.restartOnlyNotes = notes
        options.reread = { [self] in try self.options(running: configuration) }
        return options
    }

    private static func parseView(_ words: [String]) throws -> View {
        let command = try Cascade.parseAsRoot(["view"] + words)
        guard let view = command as? View else { throw ValidationError("not the view command") }
        return view
    }
}

struct RereadError: Error, CustomStringConvertible {
    let description: String
}
