// libmosquitto, the Eclipse Mosquitto project's MQTT client, opened when `--mqtt` is given
// (CLazyLibrary says why): a frame without a broker never maps it or its OpenSSL. The functions
// cascade calls are stubs in mosquitto_library.c with the header's own types.
#pragma once
#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <stdbool.h>

/// Whether libmosquitto could be opened (once, on the first call); `error` says why not.
bool cascade_mosquitto_open(const char **error);
