// cascade's HeaderProbe.probe on each file named, as the folder scan calls it; per format the
// files, failures, bytes read (rchar of /proc/self/io) and this thread's CPU time.
//   probe-bench [-r ROUNDS] FILE...
import Glibc
import Probe

func rchar() -> Int {
    guard let f = fopen("/proc/self/io", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 128)
    while fgets(&line, 128, f) != nil {
        let s = String(cString: line)
        if s.hasPrefix("rchar:") { return Int(s.dropFirst(6).trimmingPrefix(" ").dropLast()) ?? 0 }
    }
    return 0
}
func threadCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

var args = Array(CommandLine.arguments.dropFirst())
var rounds = 1
if args.first == "-r", args.count > 1 { rounds = Int(args[1]) ?? 1; args.removeFirst(2) }
let verbose = getenv("LIBPROBE_VERBOSE") != nil
var files: [String: Int] = [:], failed: [String: Int] = [:], bytes: [String: Int] = [:], cpu: [String: Double] = [:]
for round in 0..<rounds {
    for path in args {
        let before = rchar(), start = threadCPU()
        let result = Result { () throws(ProbeError) -> PhotoInfo in try HeaderProbe.probe(PhotoPath(path)) }
        let time = threadCPU() - start, read = rchar() - before
        let key: String
        switch result {
        case .success(let info): key = info.format == .avif ? "heif" : info.format.rawValue
        case .failure(let e):
            switch e {
            case .truncated(let f), .corruptHeader(let f, _): key = f == .avif ? "heif" : f.rawValue
            default: key = "other"
            }
        }
        files[key, default: 0] += 1
        bytes[key, default: 0] += read
        cpu[key, default: 0] += time
        if case .failure = result { failed[key, default: 0] += 1 }
        if verbose, round == 0 {
            switch result {
            case .success(let i): print(path, "\(i.pixelWidth)x\(i.pixelHeight) ok \(read) o=\(i.orientation)")
            case .failure(let e): print(path, "FAILED \(e) \(read)")
            }
        }
    }
}
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
print("format       files  failed   bytes/file    KiB total   ms/round")
for key in files.keys.sorted() {
    let n = files[key]!
    print(pad(key, 10), n / rounds, failed[key, default: 0] / rounds, bytes[key]! / n,
          Int(Double(bytes[key]!) / Double(rounds) / 1024), String(format3(cpu[key]! * 1000 / Double(rounds))))
}
func format3(_ x: Double) -> String { let v = Int((x * 1000).rounded()); return "\(v / 1000).\(String(repeating: "0", count: 3 - String(v % 1000).count))\(v % 1000)" }
