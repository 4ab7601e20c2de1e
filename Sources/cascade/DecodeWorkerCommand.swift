// `cascade decode-worker`: not for people. cascade runs itself with it to decode photos in a
// child process (see DecoderPool); it is hidden from --help.
import ArgumentParser
import Glibc
import Photos

struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-worker",
        abstract: "Decode photos for a running cascade (internal).",
        shouldDisplay: false)

    @Option(help: "Process id of the cascade this worker serves.")
    var parent: Int32

    @Option(help: "Address-space limit in bytes.")
    var addressSpace: Int

    @Option(help: "CPU seconds allowed per photo.")
    var cpuSeconds: Int

    @Option(help: "Nice value of the worker (0-19).")
    var nice: Int32 = 0

    func validate() throws {
        guard parent > 1, addressSpace > 0, cpuSeconds > 0, (0...19).contains(nice) else {
            throw ValidationError("bad worker limits")
        }
    }

    func run() throws {
        DecodeWorker.run(parent: parent, limits: DecodeWorker.Limits(addressSpace: addressSpace, cpuSecondsPerRequest: cpuSeconds,
                                                                     niceness: nice))
    }
}
