#if canImport(Glibc)
import Glibc
#endif

/// One end of the SOCK_SEQPACKET pair between cascade and a decode worker: whole messages,
/// each with at most one descriptor riding along (SCM_RIGHTS). Swift cannot use the CMSG_*
/// macros, so the control message is laid out by hand: a `cmsghdr` followed by the int,
/// padded to the alignment of size_t.
struct WorkerSocket: Sendable {
    let fd: Int32

    enum Received {
        case message([UInt8], descriptor: Int32?)
        /// The other end is gone.
        case closed
        /// The other end is gone without having read what we sent last: the kernel resets a
        /// connection closed with unread data (it is ECONNRESET, not end-of-file, here).
        case reset
    }

    struct Failure: Error { let code: Int32 }

    /// A connected pair, both ends close-on-exec (the child's end is dup2'ed onto its stdin
    /// and stdout, which clears the flag there only).
    static func pair() throws(Failure) -> (WorkerSocket, WorkerSocket) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw Failure(code: errno) }
        return (WorkerSocket(fd: fds[0]), WorkerSocket(fd: fds[1]))
    }

    private static let headerSize = MemoryLayout<cmsghdr>.size
    private static let alignment = MemoryLayout<Int>.size
    private static var controlSpace: Int {
        headerSize + (MemoryLayout<Int32>.size + alignment - 1) / alignment * alignment
    }

    /// Sends `bytes` (and `descriptor`, if any) as one message. MSG_NOSIGNAL: a dead peer is an
    /// EPIPE here, never a SIGPIPE for the whole process.
    func send(_ bytes: [UInt8], descriptor: Int32? = nil) throws(Failure) {
        var control = [UInt8](repeating: 0, count: descriptor == nil ? 0 : Self.controlSpace)
        let result: Int = bytes.withUnsafeBytes { payload in
            var iov = iovec(iov_base: UnsafeMutableRawPointer(mutating: payload.baseAddress), iov_len: payload.count)
            return control.withUnsafeMutableBytes { controlBytes in
                withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var header = msghdr()
                    header.msg_iov = iovPointer
                    header.msg_iovlen = 1
                    if let descriptor {
                        let cmsg = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                        cmsg.pointee.cmsg_len = Self.headerSize + MemoryLayout<Int32>.size
                        cmsg.pointee.cmsg_level = SOL_SOCKET
                        cmsg.pointee.cmsg_type = Int32(SCM_RIGHTS)
                        controlBytes.storeBytes(of: descriptor, toByteOffset: Self.headerSize, as: Int32.self)
                        header.msg_control = controlBytes.baseAddress
                        header.msg_controllen = controlBytes.count
                    }
                    var sent: Int
                    repeat { sent = sendmsg(fd, &header, Int32(MSG_NOSIGNAL)) } while sent < 0 && errno == EINTR
                    return sent
                }
            }
        }
        if result < 0 { throw Failure(code: errno) }
        guard result == bytes.count else { throw Failure(code: EMSGSIZE) }
    }

    /// The next message; blocks. Any descriptor received beyond the first is closed at once, and
    /// a message cut short (longer than `WorkerMessages.maxMessage`) is reported as EMSGSIZE.
    func receive() throws(Failure) -> Received {
        var buffer = [UInt8](repeating: 0, count: WorkerMessages.maxMessage)
        // Room for a few descriptors, so a misbehaving peer's extras are received (and closed)
        // rather than left in flight.
        var control = [UInt8](repeating: 0, count: Self.headerSize + 8 * MemoryLayout<Int32>.size)
        var flags: Int32 = 0
        var controlLength = 0
        let count: Int = buffer.withUnsafeMutableBytes { payload in
            var iov = iovec(iov_base: payload.baseAddress, iov_len: payload.count)
            return control.withUnsafeMutableBytes { controlBytes in
                withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var header = msghdr()
                    header.msg_iov = iovPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBytes.baseAddress
                    header.msg_controllen = controlBytes.count
                    var got: Int
                    repeat { got = recvmsg(fd, &header, Int32(MSG_CMSG_CLOEXEC)) } while got < 0 && errno == EINTR
                    flags = header.msg_flags
                    controlLength = got >= 0 ? header.msg_controllen : 0
                    return got
                }
            }
        }
        if count < 0 {
            let code = errno
            if code == ECONNRESET { return .reset }
            throw Failure(code: code)
        }
        let descriptors = Self.descriptors(in: control, used: controlLength)
        if count == 0 && descriptors.isEmpty { return .closed }
        if flags & Int32(MSG_TRUNC) != 0 || flags & Int32(MSG_CTRUNC) != 0 {
            descriptors.forEach { _ = Glibc.close($0) }
            throw Failure(code: EMSGSIZE)
        }
        for extra in descriptors.dropFirst() { Glibc.close(extra) }
        return .message(Array(buffer[..<count]), descriptor: descriptors.first)
    }

    /// The SCM_RIGHTS descriptors of the first control message (the only one we ever send).
    private static func descriptors(in control: [UInt8], used: Int) -> [Int32] {
        guard used >= headerSize, used <= control.count else { return [] }
        return control.withUnsafeBytes { raw -> [Int32] in
            let length = raw.load(fromByteOffset: 0, as: Int.self)
            let level = raw.load(fromByteOffset: MemoryLayout<Int>.size, as: Int32.self)
            let type = raw.load(fromByteOffset: MemoryLayout<Int>.size + 4, as: Int32.self)
            guard level == SOL_SOCKET, type == Int32(SCM_RIGHTS), length >= headerSize, length <= used else { return [] }
            let count = (length - headerSize) / MemoryLayout<Int32>.size
            return (0..<count).map { raw.load(fromByteOffset: headerSize + $0 * 4, as: Int32.self) }
        }
    }

    /// Waits up to `milliseconds` (-1: forever) for a message or the peer's end.
    /// Returns false on timeout.
    func waitReadable(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result > 0 { return true }
            if result == 0 { return false }
            if errno != EINTR { return true }  // let the read report it
        }
    }

    /// True when the peer has hung up or sent something unasked — an idle worker does neither.
    var peerGoneOrChatty: Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    func close() { _ = Glibc.close(fd) }
}
