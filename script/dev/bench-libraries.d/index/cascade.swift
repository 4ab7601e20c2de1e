// PhotoIndex.save and PhotoIndex.wall(for:) on a wall of 100,000 entries.
//   index-cascade FOLDER [RUNS]  (script/bench-libraries index)
import Index
import Logging

let folder = CommandLine.arguments[1]
let runs = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 7
let entries = BenchWall.entries()
let index = try PhotoIndex(file: PhotoPath(folder + "/cascade.sqlite3"), log: Logger(label: "bench"))
try BenchWall.measure("PhotoIndex (SQLite C API)", runs: runs,
                      save: { try index.save(entries, for: BenchWall.key) },
                      load: { let wall = try index.wall(for: BenchWall.key); precondition(wall == entries); return wall.count })
