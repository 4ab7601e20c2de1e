// A touch screen's kernel event device (/dev/input/event*, linux/input.h), for the console
// where libinput cannot start. In C because ioctl is variadic and the EVIOC* requests are
// function-like macros: Swift can call neither.
#ifndef CASCADE_EVDEV_TOUCH_SCREEN_H
#define CASCADE_EVDEV_TOUCH_SCREEN_H

#include <linux/input-event-codes.h>
#include <stdbool.h>
#include <stdint.h>

/// How a touch screen reports its fingers.
typedef enum {
    cascade_evdev_no_touch_screen = 0,
    /// Multitouch protocol B: ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y.
    cascade_evdev_multitouch = 1,
    /// One finger: ABS_X/ABS_Y and BTN_TOUCH.
    cascade_evdev_single_touch = 2,
} cascade_evdev_kind;

typedef struct {
    cascade_evdev_kind kind;
    /// The position axes' ranges, inclusive.
    int32_t x_minimum, x_maximum, y_minimum, y_maximum;
    /// Multitouch: how many slots (ABS_MT_SLOT's maximum + 1); single touch: 1.
    int32_t slots;
} cascade_evdev_touch_screen;

/// One report as the kernel stamped it.
typedef struct {
    int64_t seconds;
    int64_t microseconds;
    uint16_t type;
    uint16_t code;
    int32_t value;
} cascade_evdev_event;

/// Opened read-only, non-blocking and close-on-exec: the descriptor, or -errno.
int cascade_evdev_open(const char *path);
/// What kind of touch screen the device is: a direct-input device (INPUT_PROP_DIRECT, a screen
/// rather than a touchpad) with multitouch or single-touch position axes. 0 (with `kind`
/// cascade_evdev_no_touch_screen for any other device) or -errno.
int cascade_evdev_describe(int fd, cascade_evdev_touch_screen *screen);
/// Asks for CLOCK_MONOTONIC timestamps (the kernel's default is the wall clock). 0 or -errno.
int cascade_evdev_use_monotonic_clock(int fd);
/// Every slot's tracking id (-1: no finger) and position, whether a finger is down there or
/// not, into arrays of `slots` values, and the slot the next reports are about. 0 or -errno.
int cascade_evdev_read_slots(int fd, int32_t slots, int32_t *tracking_ids, int32_t *xs, int32_t *ys,
                             int32_t *current_slot);
/// A single-touch screen's state: whether BTN_TOUCH is down, and ABS_X/ABS_Y. 0 or -errno.
int cascade_evdev_read_single(int fd, bool *touching, int32_t *x, int32_t *y);
/// Up to `capacity` waiting reports: how many, 0 when none is waiting, or -errno (-ENODEV: the
/// device is gone).
int cascade_evdev_read(int fd, cascade_evdev_event *events, int capacity);

#endif
