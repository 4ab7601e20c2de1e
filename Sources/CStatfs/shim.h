// What glibc's Swift module leaves out about mounts: statfs(2), whose f_type tells a network
// file system from a local one (<sys/vfs.h>), and the fstab reader (<mntent.h>), which names
// the shares that should be mounted.
#include <sys/vfs.h>
#include <mntent.h>
