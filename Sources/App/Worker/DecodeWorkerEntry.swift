// `cascade decode-worker`: the child process a `DecoderPool` starts to decode photos outside
// cascade's own address space. Its entry point is here so that the executable, which only
// parses arguments, reaches Photos through App like every other command.

import Photos

public enum DecodeWorkerEntry {
    /// Serves decode requests for the cascade whose pid is `parent`, within these limits, until
    /// that cascade closes the socket or dies. Never returns.
    public static func run(parent: Int32, addressSpace: Int, cpuSecondsPerRequest: Int, niceness: Int32) -> Never {
        // Each glibc arena reserves 64 MiB of address space, which RLIMIT_AS counts, and dav1d
        // starts a thread per core: with arenas per thread a many-core machine's decode would
        // spend its address-space budget on reservations. Two arenas, and large buffers mapped
        // and unmapped whole, keep the address space close to what is used.
        Allocator.tuneForLongRuns()
        DecodeWorker.run(parent: parent, limits: DecodeWorker.Limits(addressSpace: addressSpace,
                                                                     cpuSecondsPerRequest: cpuSecondsPerRequest,
                                                                     niceness: niceness))
    }
}
