import CStatfs
#if canImport(Glibc)
import Glibc
#endif

/// The network shares the system means to mount, from fstab: what tells a share that is not
/// mounted (its server away at boot, a `nofail` mount that gave up) from a plain empty folder.
/// Both look the same to `stat`; only fstab knows a share belongs there.
public struct NetworkShares: Sendable, Equatable {
    /// Mount points of the network entries, as fstab writes them.
    public let mountPoints: [PhotoPath]

    /// fstab's types for file systems that live elsewhere: NFS, SMB, WebDAV (davfs2) and
    /// FUSE mounts (sshfs, rclone) are the shares a photo frame meets.
    static func isNetwork(type: String) -> Bool {
        ["nfs", "nfs4", "cifs", "smb3", "smbfs", "davfs", "sshfs", "ceph", "glusterfs", "afs", "fuse", "fuse3"].contains(type)
            || type.hasPrefix("fuse.")
    }

    public init(mountPoints: [PhotoPath]) { self.mountPoints = mountPoints }

    /// The network entries of the fstab at `file`; none when it cannot be read.
    public static func read(_ file: String = "/etc/fstab") -> NetworkShares {
        guard let table = setmntent(file, "r") else { return NetworkShares(mountPoints: []) }
        defer { endmntent(table) }
        var points: [PhotoPath] = []
        var entry = mntent()
        // getmntent_r: the scan and the watcher read fstab from their own threads.
        var buffer = [CChar](repeating: 0, count: 4096)
        while getmntent_r(table, &entry, &buffer, Int32(buffer.count)) != nil {
            guard let type = entry.mnt_type, let point = entry.mnt_dir,
                  isNetwork(type: String(cString: type)) else { continue }
            points.append(PhotoPath(String(cString: point)))
        }
        return NetworkShares(mountPoints: points)
    }

    /// The share `path` is in or below, if fstab names one.
    public func share(holding path: PhotoPath) -> PhotoPath? {
        mountPoints.filter { path == $0 || path.isInside($0) }.max { $0.bytes.count < $1.bytes.count }
    }
}
