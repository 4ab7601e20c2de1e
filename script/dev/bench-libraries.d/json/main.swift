// 100,000 control-socket request lines parsed by cascade's JSONValue.parse, by Foundation's
// JSONSerialization and by JSONDecoder into a Codable JSON enum; then hostile lines through each.
//   json-bench [RUNS]              the table and the hostile lines
//   json-bench cascade|serialization|decoder   parse the 100,000 lines once, for a whole-process timer
import CascadeJSON
import Foundation

func threadCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Any JSON through Codable: what JSONDecoder needs to read a request whose arguments vary.
enum AnyJSON: Decodable {
    case string(String), int(Int), double(Double), bool(Bool), null, array([AnyJSON]), object([String: AnyJSON])
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([AnyJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: AnyJSON].self)) }
    }
}

let commands = [
    #"{"command":["scroll-to",%d],"request_id":%d}"#,
    #"{"command":["get-state"],"request_id":%d}"#,
    #"{"command":["select",{"index":%d,"open":true}],"request_id":"r%d"}"#,
    #"{"command":["set-columns",4],"request_id":%d}"#,
]
var lines: [[UInt8]] = []
for n in 0..<100_000 {
    let template = commands[n % commands.count]
    let text = template.contains("%d],") || template.contains("index") ? String(format: template, n, n) : String(format: template, n)
    lines.append(Array(text.utf8))
}
let datas = lines.map { Data($0) }
let decoder = JSONDecoder()
let mode = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "9"
switch mode {
case "cascade": print(lines.reduce(0) { n, l in (try? JSONValue.parse(l)) == nil ? n : n + 1 }); exit(0)
case "serialization": print(datas.reduce(0) { n, d in (try? JSONSerialization.jsonObject(with: d)) == nil ? n : n + 1 }); exit(0)
case "decoder": print(datas.reduce(0) { n, d in (try? decoder.decode(AnyJSON.self, from: d)) == nil ? n : n + 1 }); exit(0)
default: break
}
let runs = Int(mode) ?? 9
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func time(_ body: () -> Int) -> (Double, Int) {
    var ts: [Double] = [], check = 0
    for _ in 0...runs {  // one warm-up
        let s = threadCPU(); check = body(); ts.append(threadCPU() - s)
    }
    return (median(Array(ts.dropFirst())) * 1000, check)
}
let cascade = time { lines.reduce(0) { n, l in (try? JSONValue.parse(l)) == nil ? n : n + 1 } }
let serialization = time { datas.reduce(0) { n, d in (try? JSONSerialization.jsonObject(with: d)) == nil ? n : n + 1 } }
let decodable = time { datas.reduce(0) { n, d in (try? decoder.decode(AnyJSON.self, from: d)) == nil ? n : n + 1 } }
print("100,000 request lines, median of \(runs) runs, thread CPU:")
print("  cascade JSONValue.parse      \(String(format: "%.1f", cascade.0)) ms (\(cascade.1) parsed)")
print("  JSONSerialization.jsonObject \(String(format: "%.1f", serialization.0)) ms (\(serialization.1) parsed)")
print("  JSONDecoder (AnyJSON)        \(String(format: "%.1f", decodable.0)) ms (\(decodable.1) parsed)")

// Hostile and edge lines: what each makes of them.
let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
let deep200 = Array((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8)
let cases: [(String, [UInt8])] = [
    ("100,000 '[' (deep nesting)", deep),
    ("200 nested arrays, closed", deep200),
    ("1e400", Array("[1e400]".utf8)),
    ("-1e400", Array("[-1e400]".utf8)),
    ("2^64 (18446744073709551616)", Array("[18446744073709551616]".utf8)),
    ("400-digit integer", Array(("[" + String(repeating: "9", count: 400) + "]").utf8)),
    ("invalid UTF-8 in a string", [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]),
    ("overlong UTF-8 (C0 AF)", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]),
    ("lone surrogate \\ud800", Array(#"["\ud800"]"#.utf8)),
    ("duplicate keys {a:1,a:2}", Array(#"{"a":1,"a":2}"#.utf8)),
    ("true vs 1", Array("[true,1,1.0]".utf8)),
    ("trailing comma", Array("[1,]".utf8)),
    ("NaN", Array("[NaN]".utf8)),
    ("leading zero 01", Array("[01]".utf8)),
    ("raw control char in string", Array("[\"a\u{01}b\"]".utf8)),
    ("top-level scalar 3", Array("3".utf8)),
]
func describeFoundation(_ any: Any) -> String {
    if let a = any as? [Any] { return "[" + a.map(describeFoundation).joined(separator: ",") + "]" }
    if let d = any as? [String: Any] { return "{" + d.map { "\($0.key):\(describeFoundation($0.value))" }.joined(separator: ",") + "}" }
    if let n = any as? NSNumber { return "\(type(of: any))(\(n))" }
    return "\(type(of: any))(\(any))"
}
func short(_ s: String) -> String { s.count > 70 ? String(s.prefix(67)) + "..." : s }
for (name, bytes) in cases {
    print("--", name)
    do { print("   cascade:       ", short((try JSONValue.parse(bytes)).text)) } catch { print("   cascade:        error:", short("\(error)")) }
    do { print("   Serialization: ", short(describeFoundation(try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)))) } catch { print("   Serialization:  error:", short("\(error)")) }
    do { print("   JSONDecoder:   ", short("\(try decoder.decode(AnyJSON.self, from: Data(bytes)))")) } catch { print("   JSONDecoder:    error:", short("\(error)")) }
}
