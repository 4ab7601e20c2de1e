// The MQTT password file and the client certificate's key: read bounded, refused by name, and
// warned of when others may read them.

import Foundation
import Testing
@testable import Control
import TestSupport

@Suite("the MQTT secret files")
struct MqttSecretFileTests {
    func settings(password: String? = nil, key: String? = nil) -> MqttSettings {
        var settings = MqttSettings(host: "broker", deviceID: "hall")
        settings.username = "frame"
        settings.passwordFile = password
        settings.certFile = key.map { _ in "/etc/cascade/mqtt.crt" }
        settings.keyFile = key
        return settings
    }

    @Test("the password is the first line as written")
    func firstLine() throws {
        let folder = TemporaryFolder()
        let file = try folder.file("password", " pässwörd \nsecond\n")
        #expect(try settings(password: file).readPassword() == " pässwörd ")
    }

    @Test("a password file of megabytes is refused without being read, naming the file")
    func tooLarge() throws {
        let folder = TemporaryFolder()
        let file = try folder.file("password", "secret\n")
        #expect(truncate(file, 64 << 20) == 0)
        #expect {
            try settings(password: file).readPassword()
        } throws: { error in
            "\(error)".contains(file) && "\(error)".contains("4 KiB")
        }
    }

    @Test("a password with a control character is refused, naming the file and not the password")
    func controlCharacter() throws {
        let folder = TemporaryFolder()
        let file = try folder.file("password", "sec\u{1b}ret\n")
        #expect {
            try settings(password: file).readPassword()
        } throws: { error in
            "\(error)".contains(file) && !"\(error)".contains("sec")
        }
    }

    @Test("a password or key file others may read is warned of, each by name; private ones are not")
    func readableByOthers() throws {
        let folder = TemporaryFolder()
        let password = try folder.file("password", "secret\n")
        let key = try folder.file("mqtt.key", "-----BEGIN PRIVATE KEY-----\n")
        #expect(chmod(password, 0o644) == 0 && chmod(key, 0o640) == 0)
        let warnings = settings(password: password, key: key).secretFileWarnings()
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains(password) } && warnings.contains { $0.contains(key) }, "\(warnings)")
        #expect(chmod(password, 0o600) == 0 && chmod(key, 0o400) == 0)
        #expect(settings(password: password, key: key).secretFileWarnings().isEmpty)
    }
}
