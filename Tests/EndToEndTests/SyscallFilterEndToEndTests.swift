// cascade under the units' real syscall filter. systemd is not PID 1 in the test
// machines, so the filter is built the way systemd builds it — the unit's own SystemCallFilter=
// lines in order (the first an allow list, which brings @default; `~` removes, plain adds), each
// @set expanded by `systemd-analyze syscall-filter`, every other call answered with the unit's
// SystemCallErrorNumber= — and loaded with libseccomp (python3-seccomp) before exec'ing cascade.
// Before the units let cascade's own calls through, `--control-group` failed with "Operation not
// permitted" (chown is in @privileged; a restart loop under Restart=always) and the decoders
// stayed at nice 0 without a word (setpriority is in @resources).

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// Runs `argv` under the syscall filter of the unit file given first.
private let filterRunner = #"""
import errno, os, subprocess, sys
import seccomp
unit, argv = sys.argv[1], sys.argv[2:]
settings = [line.strip().split("=", 1) for line in open(unit) if "=" in line and not line.lstrip().startswith("#")]
filters = [value for key, value in settings if key == "SystemCallFilter"]
errnos = [value for key, value in settings if key == "SystemCallErrorNumber"]
sets = {}
def expand(name):
    if not name.startswith("@"):
        return {name}
    if name not in sets:
        out = subprocess.run(["systemd-analyze", "syscall-filter", name], capture_output=True, text=True, check=True).stdout
        calls = set()
        for line in out.splitlines()[1:]:
            line = line.strip()
            if line and not line.startswith("#"):
                calls |= expand(line)
        sets[name] = calls
    return sets[name]
assert filters and not filters[0].startswith("~"), "expected an allow list first"
allowed = expand("@default")
for value in filters:
    names = value.lstrip("~").split()
    calls = set().union(*(expand(name) for name in names))
    allowed = allowed - calls if value.startswith("~") else allowed | calls
code = getattr(errno, errnos[-1]) if errnos else errno.EPERM
rules = seccomp.SyscallFilter(defaction=seccomp.ERRNO(code))
for name in sorted(allowed):
    try:
        rules.add_rule(seccomp.ALLOW, name)
    except Exception:
        pass  # a call this kernel or architecture does not have
rules.load()
os.execv(argv[0], argv)
"""#

/// The nice value in a /proc/…/stat line (the 19th field; the 17th after the name's parenthesis).
func niceness(stat path: String) -> Int? {
    guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
          let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 17 else { return nil }
    return Int(fields[16])
}

@Suite("cascade under the units' syscall filter", .serialized)
struct SyscallFilterEndToEndTests {
    let runner = NSTemporaryDirectory() + "cascade-seccomp-" + UUID().uuidString + ".py"

    init() throws {
        try filterRunner.write(toFile: runner, atomically: true, encoding: .utf8)
    }

    /// python3-seccomp is Debian's, for Debian's python.
    static let python = "/usr/bin/python3"

    @Test("cascade render works under the filter", arguments: ["cascade-kiosk.service", "cascade.service"])
    func render(unit: String) async throws {
        defer { unlink(runner) }
        let folder = try PhotoFolder()
        for i in 1...6 { try folder.photo("photo-\(i).png", width: 300 + i * 20, height: 200, colour: "#\(i)0a040") }
        let out = NSTemporaryDirectory() + "cascade-seccomp-" + UUID().uuidString
        defer { unlink(out + ".png"); unlink(out + ".json"); try? FileManager.default.removeItem(atPath: out) }
        let result = try await runTool(Self.python, [runner, unitFolder + "/" + unit, cascadeBinary, "render", folder.path,
                                                     "--width", "600", "--out", out + ".png", "--manifest", out + ".json"],
                                       environment: ["SDL_VIDEODRIVER": "dummy", "XDG_CACHE_HOME": out])
        #expect(result.status == .exited(0))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + ".json"))) as? [String: Any]
        let tiles = try #require(manifest?["tiles"] as? [[String: Any]])
        #expect(tiles.count == 6 && tiles.allSatisfy { $0["status"] as? String != "error" })
    }

    @Test("The daemon with --control-group starts under the filter; its decoders run at nice 10",
          arguments: ["cascade-kiosk.service", "cascade.service"])
    func daemon(unit: String) async throws {
        defer { unlink(runner) }
        let server = try await XServer()
        defer { server.stop() }
        let folder = try PhotoFolder()
        for i in 1...12 { try folder.photo(String(format: "photo-%02d.png", i), width: 400, height: 300 + i * 10, colour: "#\(i % 10)08040") }
        let notify = try NotifyListener()
        let cacheHome = NSTemporaryDirectory() + "cascade-seccomp-cache-" + UUID().uuidString
        let socket = NSTemporaryDirectory() + "cascade-seccomp-" + UUID().uuidString.prefix(8) + ".sock"
        defer { try? FileManager.default.removeItem(atPath: cacheHome); unlink(socket) }
        // A group the test may give the socket: the kiosk's "video" as root, our own otherwise.
        let group = getuid() == 0 ? "video" : String(cString: getgrgid(getegid())!.pointee.gr_name)
        let wanted = try #require(getgrnam(group)).pointee.gr_gid

        let child = try ChildProcess(Self.python, [runner, unitFolder + "/" + unit, cascadeBinary, folder.path,
                                                   "--geometry", "800x600", "--columns", "4", "--no-captions",
                                                   "--control", socket, "--control-group", group], environment: [
            "DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome,
            "NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "2000000",
        ])
        defer { child.stop() }
        do {
            _ = try await notify.wait(for: "READY=1")
        } catch {
            throw HarnessError("cascade did not start under \(unit)'s filter: \(error)\nstderr:\n\(child.errorOutput)")
        }
        // The filter is really on (mode 2: a seccomp filter), the socket got its group.
        let status = try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)
        #expect(status.contains("Seccomp:\t2"))
        var info = stat()
        #expect(stat(socket, &info) == 0 && info.st_gid == wanted)

        // The decode threads and the worker processes are niced.
        let workers = (try? await waitFor("a decode worker to start", within: .seconds(30), every: .milliseconds(50)) { () -> [pid_t]? in
            let workers = childProcesses(of: child.pid)
            return workers.isEmpty ? nil : workers
        }) ?? []
        #expect(!workers.isEmpty, "no decode worker started")
        // A worker sets its nice value once it has loaded cascade's libraries: wait for that.
        func settled(_ worker: pid_t) -> Bool { niceness(stat: "/proc/\(worker)/stat") ?? 10 == 10 }
        _ = try await eventually(within: .seconds(30), every: .milliseconds(50)) { workers.allSatisfy(settled) }
        for worker in workers where niceness(stat: "/proc/\(worker)/stat") != nil {
            #expect(niceness(stat: "/proc/\(worker)/stat") == 10, "decode worker \(worker)")
        }
        // The decode threads cannot be told by name (Linux keeps 15 bytes of "cascade-decode-0",
        // so the name is refused), but they are the threads at nice 10; the others stay as they were.
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/task")
        let niced = tasks.filter { niceness(stat: "/proc/\(child.pid)/task/\($0)/stat") == 10 }
        #expect(!niced.isEmpty, "no thread of cascade runs at nice 10")
        #expect(!child.errorOutput.contains("cannot lower"), "\(child.errorOutput)")
        kill(child.pid, SIGTERM)
        #expect(try await child.waitForExit(within: .seconds(20)) == .exited(0))
    }
}
