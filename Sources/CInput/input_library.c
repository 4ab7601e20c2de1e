// Every libinput and libudev function cascade calls, forwarded to the libraries opened on first
// use.
#include "CInput.h"
#include "lazy_library.h"

static struct cascade_lazy_library input_library = CASCADE_LAZY_LIBRARY("libinput.so.10");
static struct cascade_lazy_library udev_library = CASCADE_LAZY_LIBRARY("libudev.so.1");

bool cascade_input_open(void) { return cascade_lazy_open(&udev_library) && cascade_lazy_open(&input_library); }

#define CALL(name) CASCADE_LAZY_CALL(input_library, name)

struct udev *udev_new(void) { return CASCADE_LAZY_CALL(udev_library, udev_new)(); }
struct udev *udev_unref(struct udev *context) { return CASCADE_LAZY_CALL(udev_library, udev_unref)(context); }

struct libinput *libinput_udev_create_context(const struct libinput_interface *interface, void *user_data,
                                              struct udev *context) {
    return CALL(libinput_udev_create_context)(interface, user_data, context);
}
int libinput_udev_assign_seat(struct libinput *libinput, const char *seat) {
    return CALL(libinput_udev_assign_seat)(libinput, seat);
}
struct libinput *libinput_unref(struct libinput *libinput) { return CALL(libinput_unref)(libinput); }
int libinput_get_fd(struct libinput *libinput) { return CALL(libinput_get_fd)(libinput); }
int libinput_dispatch(struct libinput *libinput) { return CALL(libinput_dispatch)(libinput); }
struct libinput_event *libinput_get_event(struct libinput *libinput) { return CALL(libinput_get_event)(libinput); }
void libinput_event_destroy(struct libinput_event *event) { CALL(libinput_event_destroy)(event); }
enum libinput_event_type libinput_event_get_type(struct libinput_event *event) {
    return CALL(libinput_event_get_type)(event);
}
struct libinput_event_touch *libinput_event_get_touch_event(struct libinput_event *event) {
    return CALL(libinput_event_get_touch_event)(event);
}
uint64_t libinput_event_touch_get_time_usec(struct libinput_event_touch *event) {
    return CALL(libinput_event_touch_get_time_usec)(event);
}
int32_t libinput_event_touch_get_seat_slot(struct libinput_event_touch *event) {
    return CALL(libinput_event_touch_get_seat_slot)(event);
}
double libinput_event_touch_get_x_transformed(struct libinput_event_touch *event, uint32_t width) {
    return CALL(libinput_event_touch_get_x_transformed)(event, width);
}
double libinput_event_touch_get_y_transformed(struct libinput_event_touch *event, uint32_t height) {
    return CALL(libinput_event_touch_get_y_transformed)(event, height);
}
