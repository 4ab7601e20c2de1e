// Every libmosquitto function cascade calls, forwarded to the library opened on first use.
#include "CMosquitto.h"
#include "lazy_library.h"

static struct cascade_lazy_library mosquitto_library = CASCADE_LAZY_LIBRARY("libmosquitto.so.1");

bool cascade_mosquitto_open(const char **error) {
    bool opened = cascade_lazy_open(&mosquitto_library);
    if (!opened && error) *error = mosquitto_library.error;
    return opened;
}

#define CALL(name) CASCADE_LAZY_CALL(mosquitto_library, name)

int mosquitto_lib_init(void) { return CALL(mosquitto_lib_init)(); }
struct mosquitto *mosquitto_new(const char *id, bool clean_session, void *obj) {
    return CALL(mosquitto_new)(id, clean_session, obj);
}
void mosquitto_destroy(struct mosquitto *mosq) { CALL(mosquitto_destroy)(mosq); }
int mosquitto_will_set(struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos,
                       bool retain) {
    return CALL(mosquitto_will_set)(mosq, topic, payloadlen, payload, qos, retain);
}
int mosquitto_username_pw_set(struct mosquitto *mosq, const char *username, const char *password) {
    return CALL(mosquitto_username_pw_set)(mosq, username, password);
}
int mosquitto_tls_set(struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile,
                      const char *keyfile, int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)) {
    return CALL(mosquitto_tls_set)(mosq, cafile, capath, certfile, keyfile, pw_callback);
}
int mosquitto_connect_async(struct mosquitto *mosq, const char *host, int port, int keepalive) {
    return CALL(mosquitto_connect_async)(mosq, host, port, keepalive);
}
int mosquitto_reconnect_async(struct mosquitto *mosq) { return CALL(mosquitto_reconnect_async)(mosq); }
int mosquitto_connect_bind_v5(struct mosquitto *mosq, const char *host, int port, int keepalive, const char *bind_address,
                              const mosquitto_property *properties) {
    return CALL(mosquitto_connect_bind_v5)(mosq, host, port, keepalive, bind_address, properties);
}
int mosquitto_int_option(struct mosquitto *mosq, enum mosq_opt_t option, int value) {
    return CALL(mosquitto_int_option)(mosq, option, value);
}
int mosquitto_property_add_int32(mosquitto_property **proplist, int identifier, uint32_t value) {
    return CALL(mosquitto_property_add_int32)(proplist, identifier, value);
}
void mosquitto_property_free_all(mosquitto_property **properties) { CALL(mosquitto_property_free_all)(properties); }
const char *mosquitto_reason_string(int reason_code) { return CALL(mosquitto_reason_string)(reason_code); }
int mosquitto_disconnect(struct mosquitto *mosq) { return CALL(mosquitto_disconnect)(mosq); }
int mosquitto_publish(struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload,
                      int qos, bool retain) {
    return CALL(mosquitto_publish)(mosq, mid, topic, payloadlen, payload, qos, retain);
}
int mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub, int qos) {
    return CALL(mosquitto_subscribe)(mosq, mid, sub, qos);
}
int mosquitto_loop_forever(struct mosquitto *mosq, int timeout, int max_packets) {
    return CALL(mosquitto_loop_forever)(mosq, timeout, max_packets);
}
int mosquitto_threaded_set(struct mosquitto *mosq, bool threaded) {
    return CALL(mosquitto_threaded_set)(mosq, threaded);
}
int mosquitto_reconnect_delay_set(struct mosquitto *mosq, unsigned int reconnect_delay,
                                  unsigned int reconnect_delay_max, bool reconnect_exponential_backoff) {
    return CALL(mosquitto_reconnect_delay_set)(mosq, reconnect_delay, reconnect_delay_max,
                                               reconnect_exponential_backoff);
}
void mosquitto_connect_callback_set(struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int)) {
    CALL(mosquitto_connect_callback_set)(mosq, on_connect);
}
void mosquitto_disconnect_callback_set(struct mosquitto *mosq,
                                       void (*on_disconnect)(struct mosquitto *, void *, int)) {
    CALL(mosquitto_disconnect_callback_set)(mosq, on_disconnect);
}
void mosquitto_message_callback_set(struct mosquitto *mosq,
                                    void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)) {
    CALL(mosquitto_message_callback_set)(mosq, on_message);
}
const char *mosquitto_strerror(int mosq_errno) { return CALL(mosquitto_strerror)(mosq_errno); }
const char *mosquitto_connack_string(int connack_code) { return CALL(mosquitto_connack_string)(connack_code); }
