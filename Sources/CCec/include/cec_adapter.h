// An HDMI-CEC adapter through the kernel's CEC framework (/dev/cec*, linux/cec.h). In C because
// ioctl is variadic and Swift cannot call it. The descriptor is blocking: claiming an address
// and transmitting wait for the bus, so the caller keeps them off its frame loop.
#ifndef CASCADE_CEC_ADAPTER_H
#define CASCADE_CEC_ADAPTER_H

#include <stdint.h>

typedef struct {
    char driver[32];
    char name[32];
    /// CEC_CAP_* bits.
    uint32_t capabilities;
} cascade_cec_caps;

/// The adapter's capabilities bits cascade asks about.
enum {
    cascade_cec_can_set_log_addrs = 1 << 1,  // CEC_CAP_LOG_ADDRS
    cascade_cec_can_transmit = 1 << 2,       // CEC_CAP_TRANSMIT
};

/// Opened read-write and close-on-exec: the descriptor, or -errno.
int cascade_cec_open(const char *path);
/// 0 or -errno.
int cascade_cec_get_caps(int fd, cascade_cec_caps *caps);
/// The physical address from the sink's EDID: 0x0000 on the TV itself, 0xffff while no sink
/// is connected. 0 or -errno.
int cascade_cec_get_physical_address(int fd, uint16_t *address);
/// The logical addresses claimed: bit N for address N (bit 15: Unregistered). 0 or -errno.
int cascade_cec_get_logical_address_mask(int fd, uint16_t *mask);
/// Asks for one Playback logical address with this OSD name (at most 14 bytes), falling back to
/// Unregistered (15) when all are taken. Waits for the claim while the adapter has a physical
/// address; without one the kernel claims as soon as it gets one. 0 or -errno (-EBUSY: the
/// adapter is configured already, by cascade before or by another program).
int cascade_cec_claim_playback(int fd, const char *osd_name);
/// Sends `bytes` (1 to 16: header, opcode, operands) and waits until the bus is done with it;
/// `tx_status` gets the CEC_TX_STATUS_* bits. 0 or -errno (-ENONET: no address claimed yet).
int cascade_cec_transmit(int fd, const uint8_t *bytes, int length, uint8_t *tx_status);

#endif
