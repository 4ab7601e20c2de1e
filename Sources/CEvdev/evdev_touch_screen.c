#include "evdev_touch_screen.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/input.h>

#define BITS_PER_WORD (8 * sizeof(unsigned long))
#define WORDS_FOR(bits) (((bits) + BITS_PER_WORD - 1) / BITS_PER_WORD)

static bool has_bit(const unsigned long *words, unsigned bit) {
    return (words[bit / BITS_PER_WORD] >> (bit % BITS_PER_WORD)) & 1;
}

int cascade_evdev_open(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static int axis(int fd, unsigned code, struct input_absinfo *info) {
    memset(info, 0, sizeof *info);
    return ioctl(fd, EVIOCGABS(code), info) < 0 ? -errno : 0;
}

int cascade_evdev_describe(int fd, cascade_evdev_touch_screen *screen) {
    memset(screen, 0, sizeof *screen);
    unsigned long props[WORDS_FOR(INPUT_PROP_CNT)] = {0};
    unsigned long abs[WORDS_FOR(ABS_CNT)] = {0};
    unsigned long keys[WORDS_FOR(KEY_CNT)] = {0};
    if (ioctl(fd, EVIOCGPROP(sizeof props), props) < 0) return -errno;
    if (!has_bit(props, INPUT_PROP_DIRECT)) return 0;
    if (ioctl(fd, EVIOCGBIT(EV_ABS, sizeof abs), abs) < 0) return -errno;
    if (ioctl(fd, EVIOCGBIT(EV_KEY, sizeof keys), keys) < 0) return -errno;
    unsigned x, y;
    struct input_absinfo info;
    if (has_bit(abs, ABS_MT_SLOT) && has_bit(abs, ABS_MT_TRACKING_ID) && has_bit(abs, ABS_MT_POSITION_X) &&
        has_bit(abs, ABS_MT_POSITION_Y)) {
        int failed = axis(fd, ABS_MT_SLOT, &info);
        if (failed) return failed;
        if (info.maximum < 0) return 0;
        screen->kind = cascade_evdev_multitouch;
        screen->slots = info.maximum + 1;
        x = ABS_MT_POSITION_X, y = ABS_MT_POSITION_Y;
    } else if (has_bit(abs, ABS_X) && has_bit(abs, ABS_Y) && has_bit(keys, BTN_TOUCH)) {
        screen->kind = cascade_evdev_single_touch;
        screen->slots = 1;
        x = ABS_X, y = ABS_Y;
    } else {
        return 0;
    }
    int failed = axis(fd, x, &info);
    if (failed) return failed;
    screen->x_minimum = info.minimum, screen->x_maximum = info.maximum;
    if ((failed = axis(fd, y, &info))) return failed;
    screen->y_minimum = info.minimum, screen->y_maximum = info.maximum;
    return 0;
}

int cascade_evdev_use_monotonic_clock(int fd) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(fd, EVIOCSCLOCKID, &clock) < 0 ? -errno : 0;
}

/// One EVIOCGMTSLOTS request: `code`'s value in every slot.
static int slot_values(int fd, unsigned code, int32_t slots, int32_t *values) {
    size_t size = sizeof(__u32) + sizeof(__s32) * (size_t)slots;
    __s32 *request = calloc(1, size);
    if (!request) return -ENOMEM;
    request[0] = (__s32)code;
    int result = ioctl(fd, EVIOCGMTSLOTS(size), request) < 0 ? -errno : 0;
    if (result == 0) memcpy(values, request + 1, sizeof(__s32) * (size_t)slots);
    free(request);
    return result;
}

int cascade_evdev_read_slots(int fd, int32_t slots, int32_t *tracking_ids, int32_t *xs, int32_t *ys,
                             int32_t *current_slot) {
    if (slots < 1) return -EINVAL;
    int failed;
    if ((failed = slot_values(fd, ABS_MT_TRACKING_ID, slots, tracking_ids))) return failed;
    if ((failed = slot_values(fd, ABS_MT_POSITION_X, slots, xs))) return failed;
    if ((failed = slot_values(fd, ABS_MT_POSITION_Y, slots, ys))) return failed;
    struct input_absinfo info;
    if ((failed = axis(fd, ABS_MT_SLOT, &info))) return failed;
    *current_slot = info.value;
    return 0;
}

int cascade_evdev_read_single(int fd, bool *touching, int32_t *x, int32_t *y) {
    unsigned long keys[WORDS_FOR(KEY_CNT)] = {0};
    if (ioctl(fd, EVIOCGKEY(sizeof keys), keys) < 0) return -errno;
    *touching = has_bit(keys, BTN_TOUCH);
    struct input_absinfo info;
    int failed;
    if ((failed = axis(fd, ABS_X, &info))) return failed;
    *x = info.value;
    if ((failed = axis(fd, ABS_Y, &info))) return failed;
    *y = info.value;
    return 0;
}

int cascade_evdev_read(int fd, cascade_evdev_event *events, int capacity) {
    struct input_event raw[64];
    if (capacity > 64) capacity = 64;
    if (capacity < 1) return 0;
    ssize_t got;
    do {
        got = read(fd, raw, sizeof raw[0] * (size_t)capacity);
    } while (got < 0 && errno == EINTR);
    if (got < 0) return errno == EAGAIN ? 0 : -errno;
    // End of file: the device went away between reads.
    if (got == 0) return -ENODEV;
    int count = (int)(got / (ssize_t)sizeof raw[0]);
    for (int i = 0; i < count; i++) {
        events[i].seconds = raw[i].input_event_sec;
        events[i].microseconds = raw[i].input_event_usec;
        events[i].type = raw[i].type;
        events[i].code = raw[i].code;
        events[i].value = raw[i].value;
    }
    return count;
}
