#include "cec_adapter.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/cec.h>

int cascade_cec_open(const char *path) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int cascade_cec_get_caps(int fd, cascade_cec_caps *caps) {
    struct cec_caps kernel;
    memset(&kernel, 0, sizeof kernel);
    if (ioctl(fd, CEC_ADAP_G_CAPS, &kernel) < 0) return -errno;
    memset(caps, 0, sizeof *caps);
    memcpy(caps->driver, kernel.driver, sizeof caps->driver - 1);
    memcpy(caps->name, kernel.name, sizeof caps->name - 1);
    caps->capabilities = kernel.capabilities;
    return 0;
}

int cascade_cec_get_physical_address(int fd, uint16_t *address) {
    __u16 value = CEC_PHYS_ADDR_INVALID;
    if (ioctl(fd, CEC_ADAP_G_PHYS_ADDR, &value) < 0) return -errno;
    *address = value;
    return 0;
}

int cascade_cec_get_logical_address_mask(int fd, uint16_t *mask) {
    struct cec_log_addrs addrs;
    memset(&addrs, 0, sizeof addrs);
    if (ioctl(fd, CEC_ADAP_G_LOG_ADDRS, &addrs) < 0) return -errno;
    *mask = addrs.log_addr_mask;
    return 0;
}

int cascade_cec_claim_playback(int fd, const char *osd_name) {
    struct cec_log_addrs addrs;
    memset(&addrs, 0, sizeof addrs);
    // 1.4: what most TVs in homes speak; a 2.0 TV understands it too.
    addrs.cec_version = CEC_OP_CEC_VERSION_1_4;
    addrs.num_log_addrs = 1;
    addrs.vendor_id = CEC_VENDOR_ID_NONE;
    addrs.flags = CEC_LOG_ADDRS_FL_ALLOW_UNREG_FALLBACK;
    strncpy(addrs.osd_name, osd_name, sizeof addrs.osd_name - 1);
    addrs.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
    addrs.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
    addrs.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
    return ioctl(fd, CEC_ADAP_S_LOG_ADDRS, &addrs) < 0 ? -errno : 0;
}

int cascade_cec_transmit(int fd, const uint8_t *bytes, int length, uint8_t *tx_status) {
    if (length < 1 || length > CEC_MAX_MSG_SIZE) return -EINVAL;
    struct cec_msg msg;
    memset(&msg, 0, sizeof msg);
    msg.len = (__u32)length;
    memcpy(msg.msg, bytes, (size_t)length);
    if (ioctl(fd, CEC_TRANSMIT, &msg) < 0) return -errno;
    *tx_status = msg.tx_status;
    return 0;
}
