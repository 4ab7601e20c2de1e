import Control
import Testing

@Suite("on-select command: splitting and placeholders")
struct CommandTemplateTests {
    @Test("quotes and escapes split as a POSIX shell splits them")
    func shellWordRules() throws {
        let t = try CommandTemplate(#"feh  --title 'a  b' "c \"d\" \$HOME \\ \x `q`" e\ f g\"h '' "" 'it'\''s'"#)
        #expect(t.words == ["feh", "--title", "a  b", #"c "d" $HOME \ \x `q`"#, "e f", #"g"h"#, "", "", "it's"])
    }

    @Test("backslash-newline joins lines; tabs and newlines separate words")
    func continuationAndBlanks() throws {
        #expect(try CommandTemplate("a\tb\nc d\\\ne \"f\\\ng\"").words == ["a", "b", "c", "de", "fg"])
    }

    @Test("nothing a shell would expand is expanded")
    func noExpansion() throws {
        let t = try CommandTemplate("echo $HOME $(reboot) * ~ ~/x {other} {PATH} #not-a-comment")
        #expect(t.words == ["echo", "$HOME", "$(reboot)", "*", "~", "~/x", "{other}", "{PATH}", "#not-a-comment"])
        #expect(t.arguments(path: "/p", uri: "file:///p", index: 1)
            == ["echo", "$HOME", "$(reboot)", "*", "~", "~/x", "{other}", "{PATH}", "#not-a-comment"])
    }

    @Test("bad commands are refused when configured, with the reason", arguments: [
        ("", "empty"), ("   \n\t", "empty"), ("feh 'a", "single quote at character 5 is never closed"),
        (#"feh "a"#, "double quote at character 5 is never closed"), (#"feh a\"#, "backslash at the end"),
        ("feh {path} &", "'&'"), ("feh {path} | logger", "'|'"), ("a; reboot", "';'"),
        ("feh {path} > /tmp/log", "'>'"), ("feh < x", "'<'"), ("'' x", "program name is empty"),
    ])
    func syntaxErrors(command: String, reason: String) {
        #expect {
            try CommandTemplate(command)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("shell operators in quotes are just characters")
    func quotedOperators() throws {
        #expect(try CommandTemplate(#"notify ';' "a|b" \& '>'"#).words == ["notify", ";", "a|b", "&", ">"])
    }

    @Test("placeholders are replaced inside words, after splitting", arguments: [
        "/photos/$(reboot);.jpg", "/photos/a'b\"c.jpg", "/photos/;", "/photos/line\nbreak.jpg",
        "-rf", "/photos/with  two spaces.jpg", "/photos/{index}.jpg", "/photos/`id` $HOME *.jpg",
    ])
    func hostileNamesStayOneArgument(path: String) throws {
        let t = try CommandTemplate("show --file={path} {path} #{index} {uri}")
        let argv = t.arguments(path: path, uri: "file:///x", index: 7)
        #expect(argv == ["show", "--file=" + path, path, "#7", "file:///x"])
    }

    @Test("a name that is not UTF-8 arrives byte for byte")
    func nonUTF8Path() throws {
        let path: [UInt8] = Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let argv = try CommandTemplate("show {path}x").arguments(path: path, uri: "file:///photos/caf%E9.jpg", index: 0)
        #expect(argv == [Array("show".utf8), path + [UInt8(ascii: "x")]])
    }

    @Test("several placeholders in one word, and the same one twice")
    func manyInOneWord() throws {
        let t = try CommandTemplate("x {index}:{path}:{index}{uri}")
        #expect(t.arguments(path: "/a b", uri: "u", index: 12) == ["x", "12:/a b:12u"])
    }

    @Test("the description quotes words for a person to read")
    func description() throws {
        #expect(try CommandTemplate(#"feh --title "a b" it\'s {path}"#).description == #"feh --title 'a b' 'it'\''s' {path}"#)
    }
}
