import CStatfs

/// What kind of file system a folder is on, as far as following it goes: a local disk, whose
/// changes inotify reports, or a network file system (NFS, SMB, a FUSE mount such as sshfs,
/// davfs2 or rclone), changed on the server behind inotify's back and able to go away.
public enum MountKind: Sendable, Equatable {
    case local
    case network(String)

    /// The file systems that live elsewhere, by `statfs`'s `f_type` (linux/magic.h; SMB2 and
    /// CIFS from fs/smb/client, FUSE from fs/fuse). Not 9p: it shares a virtual machine's host
    /// folders (QEMU, WSL), which are there as long as the machine is.
    static let networkTypes: [Int: String] = [
        0x6969: "NFS", 0xFE53_4D42: "SMB", 0xFF53_4D42: "CIFS", 0x517B: "SMB",
        0x6573_5546: "FUSE", 0x00C3_6400: "Ceph", 0x7375_7245: "Coda",
        0x564C: "NCP", 0x6B41_4653: "AFS", 0x5346_414F: "AFS", 0x0BD0_0BD0: "Lustre",
        0x4750_4653: "GPFS",
    ]

    /// The kind for a `statfs` `f_type`.
    public init(fileSystemType: Int) {
        let type = fileSystemType & 0xFFFF_FFFF
        if let name = Self.networkTypes[type] { self = .network(name) } else { self = .local }
    }

    /// The kind of the file system holding `path`; nil when it cannot be told (missing, or a
    /// mount that does not answer).
    public static func of(_ path: PhotoPath) -> MountKind? {
        var info = statfs()
        guard path.withCString({ statfs($0, &info) }) == 0 else { return nil }
        return MountKind(fileSystemType: Int(info.f_type))
    }

    public var isNetwork: Bool {
        if case .network = self { true } else { false }
    }
}
