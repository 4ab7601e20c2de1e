// `cascade decode-worker`: not for people. cascade runs itself with it to decode photos in a
// child process (see DecoderPool); it is hidden from --help.
import App
import ArgumentParser

struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-worker",
        abstract: "Decode photos for a running cascade (internal).",
        shouldDisplay: false)

    @Option(parsing: .unconditional, help: Limits.workerParent.help("Process id of the cascade this worker serves"), transform: { Int32(try Limits.workerParent.parse($0)) })
    var parent: Int32

    @Option(parsing: .unconditional, help: Limits.workerAddressSpace.help("Address-space limit"), transform: Limits.workerAddressSpace.read)
    var addressSpace: Int

    @Option(parsing: .unconditional, help: Limits.workerCPUSeconds.help("CPU seconds allowed per photo"), transform: Limits.workerCPUSeconds.read)
    var cpuSeconds: Int

    @Option(parsing: .unconditional, help: Limits.workerNice.help("Nice value of the worker", default: "0"), transform: { Int32(try Limits.workerNice.parse($0)) })
    var nice: Int32 = 0

    func run() throws {
        DecodeWorkerEntry.run(parent: parent, addressSpace: addressSpace, cpuSecondsPerRequest: cpuSeconds, niceness: nice)
    }
}
