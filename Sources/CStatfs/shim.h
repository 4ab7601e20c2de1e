// statfs(2), whose f_type tells a network file system from a local one; Glibc's Swift module
// leaves <sys/vfs.h> out.
#include <sys/vfs.h>
