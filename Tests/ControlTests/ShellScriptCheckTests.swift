import Control
import Testing

/// `--on-select "sh -c 'echo {path} >> out.txt'"` ran the commands hidden in photo
/// names. A placeholder inside the script a shell runs is refused when the command is configured.
@Suite("on-select command: a placeholder inside a shell's script is refused")
struct ShellScriptCheckTests {
    private func refusal(_ command: String) -> String? {
        do {
            _ = try CommandTemplate(command)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("every shell, every way of naming it, every placeholder", arguments: [
        "sh -c 'echo {path} >> out.txt'", "/bin/sh -c 'echo {path}'", "bash -c 'cp \"{path}\" /tmp'",
        "dash -c \"echo '{path}'\"", "zsh -c 'print {uri}'", "ksh -c 'echo {index}'", "mksh -c 'echo {path}'",
        "fish -c 'echo {path}'", "fish --command='echo {path}'", "fish -ic 'echo {path}'", "busybox sh -c 'echo {path}'",
        "env sh -c 'echo {path}'", "/usr/bin/env bash -c 'echo {path}'", "env -i PATH=/bin sh -c 'echo {path}'",
        "sh -ec 'echo {path}'", "bash -xc 'echo {path}'", "sh -e -c 'echo {path}'", "sh -c -e 'echo {path}'",
        "bash -o pipefail -c 'echo {path} | cat'", "bash --norc -c 'echo {path}'", "nice -n 5 sh -c 'echo {path}'",
        "sh -c 'echo x{path}x' sh", "tcsh -c 'echo {path}'", "nu -c 'echo {path}'"
    ])
    func refused(command: String) throws {
        let message = try #require(refusal(command), "\(command) was accepted")
        #expect(message.contains("read by the shell as code"), "\(message)")
        #expect(message.contains("CASCADE_PATH"), "\(message)")
    }

    @Test("env -S splits its string again, so a placeholder there is refused too")
    func envSplitString() throws {
        #expect(refusal("env -S 'feh {path}'")?.contains("env -S") == true)
        #expect(refusal("env --split-string='feh {path}'")?.contains("env -S") == true)
    }

    @Test("placeholders as words after the script, a script read from a file, and other programs are fine", arguments: [
        #"sh -c 'echo "$1" >> out.txt' sh {path}"#, #"sh -c 'echo "$CASCADE_PATH" >> out.txt'"#,
        "bash -ec 'cp -- \"$1\" /tmp/' bash {path} {index}", "sh /usr/local/bin/on-photo.sh {path}",
        "fish -c 'echo $argv[1]' {path}", "cp -- {path} /home/sh", "feh --title {path} sh", "env FOO=1 feh {path}",
        "sh -c 'echo \"$0\"' {path}", "notify-send {path}",
    ])
    func accepted(command: String) {
        #expect(refusal(command) == nil)
    }

    @Test("the message spells out the safe form of the very command")
    func safeFormInTheMessage() throws {
        let message = try #require(refusal("sh -c 'echo {path} >> out.txt'"))
        #expect(message.contains(#"sh -c 'echo "$1" >> out.txt' sh {path}"#), "\(message)")
        #expect(message.contains(#"sh -c 'echo "$CASCADE_PATH" >> out.txt'"#), "\(message)")
        // Whatever quotes the placeholder stood in, the variable ends up as one quoted word.
        let quoted = try #require(refusal(#"bash -c "cp '{path}' \"/backup/{index}.jpg\"""#))
        #expect(quoted.contains(#"'cp "$1" "/backup/$2.jpg"' bash {path} {index}"#), "\(quoted)")
        let fish = try #require(refusal("fish -c 'echo {path}'"))
        #expect(fish.contains("fish -c 'echo \"$argv[1]\"' {path}"), "\(fish)")
    }
}
