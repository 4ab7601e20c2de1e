// In a kiosk the rotate keys turn no files: a passer-by at its keyboard must not rewrite the
// owner's photos, while the owner's control socket still may.

import CSDL2
import Control
import Photos
import Testing
@testable import App

extension ViewerSessionTests {
    @Test("a rotate key is refused in a kiosk; the socket's request goes on to look for the photo")
    func rotateKeysRefusedInAKiosk() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let kiosk = try SessionLoop { $0.kiosk = true }
        guard case .failure(let refused) = kiosk.session.perform(.rotate(.clockwise), from: .key) else {
            Issue.record("a kiosk's key went on to rotate")
            return
        }
        #expect(refused.message.contains("kiosk"))
        // The empty wall has no photo at its cursor: the socket's request got past the kiosk.
        guard case .failure(let none) = kiosk.session.perform(.rotate(.clockwise), from: .control) else {
            Issue.record("a rotation with no photo succeeded")
            return
        }
        #expect(none.message.contains("no photo to rotate"))
        let window = try SessionLoop()
        guard case .failure(let windowed) = window.session.perform(.rotate(.clockwise), from: .key) else { return }
        #expect(windowed.message.contains("no photo to rotate"), "a window's key is not refused")
    }
}

extension ViewerSessionTests {
    @Test("in a kiosk the keys that move, copy, trash or run do nothing; the socket's requests go on")
    func fileActionKeysRefusedInAKiosk() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let kiosk = try SessionLoop {
            $0.kiosk = true
            $0.destinations = [PhotoPath("/tmp")]
        }
        for command in [Command.transfer(.move, to: nil, .targets), .transfer(.copy, to: "/tmp", .targets), .run("x", .targets),
                        .trash(nil), .restore] {
            guard case .failure(let refused) = kiosk.session.perform(command, from: .key) else {
                Issue.record("a kiosk's key went on to \(command)")
                continue
            }
            #expect(refused.message.contains("kiosk"), "\(command): \(refused.message)")
        }
        // The empty wall has no photo to move: the socket's request got past the kiosk.
        guard case .failure(let none) = kiosk.session.perform(.transfer(.move, to: "/tmp", .targets), from: .control) else { return }
        #expect(none.message.contains("no photo to move"))
    }
}
