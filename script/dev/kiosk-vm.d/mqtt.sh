# The frame driven through Home Assistant's MQTT topics on the console, sourced by
# script/dev/kiosk-vm (`script/dev/kiosk-vm mqtt`): a mosquitto in the VM on 127.0.0.1 with a
# password file, cascade started as the unit starts it with an [mqtt] table in its
# configuration (docs/home-assistant.md), then what Home Assistant does — read the discovery,
# step the slideshow, put up a message, turn the screen off (the kernel's DPMS says so) and on —
# and the broker's last will `offline` when cascade is killed outright.
#
# start_cascade does not apply the unit's sandbox, so its network rules (IPAddressAllow=) are
# checked by the unit's own test (systemd-analyze), not here.

mqtt_dir=/run/kiosk-vm-mqtt
mqtt_base=cascade/kiosk
# Home Assistant's side of the bus: a user of its own, as docs/home-assistant.md sets it up.
mqtt_login='-h 127.0.0.1 -p 1883 -u homeassistant -P ha-secret-2'

# mqtt_sub TOPIC SECONDS [MORE ARGS…] — what the broker has retained on TOPIC, one "topic payload"
# a line, gathered for SECONDS (mosquitto_sub's -W ends it with status 27 and "Timed out" on
# stderr: not a failure here, and not part of the answer).
mqtt_sub() {
  guest "mosquitto_sub $mqtt_login -v --retained-only -W $2 -t '$1' ${*:3} 2>/dev/null; rc=\$?; [ \$rc = 27 ] || [ \$rc = 0 ]"
}
mqtt_pub() { guest "mosquitto_pub $mqtt_login -t '$mqtt_base/cmd/$1' -m '$2'" >/dev/null; }
# mqtt_state NAME — the retained payload of state/NAME.
mqtt_state() { mqtt_sub "$mqtt_base/state/$1" 3 -C 1 | sed "s|^$mqtt_base/state/$1 ||"; }
mqtt_availability() { mqtt_sub "$mqtt_base/availability" 3 -C 1 | sed "s|^$mqtt_base/availability ||"; }

# The broker as docs/home-assistant.md configures it: no anonymous clients, a user for the
# frame and one for Home Assistant. Its files are mosquitto's own: it opens them after
# dropping root for its user.
broker_up() {
  guest "ip link set lo up
    rm -rf $mqtt_dir && install -d -m 0755 $mqtt_dir && cd $mqtt_dir
    mosquitto_passwd -b -c passwd frame frame-secret-1 && mosquitto_passwd -b passwd homeassistant ha-secret-2
    chown mosquitto: passwd && chmod 0600 passwd
    printf 'per_listener_settings false\nallow_anonymous false\npassword_file $mqtt_dir/passwd\npersistence false\nlistener 1883 127.0.0.1\n' >mosquitto.conf
    setsid /usr/sbin/mosquitto -c $mqtt_dir/mosquitto.conf >$mqtt_dir/mosquitto.log 2>&1 </dev/null & echo \$! >$mqtt_dir/pid
    for i in \$(seq 1 600); do mosquitto_pub $mqtt_login -t kiosk-vm/probe -m up 2>/dev/null && exit 0; sleep 0.2; done
    cat $mqtt_dir/mosquitto.log; exit 1" >/dev/null || return 1
  # The frame's password in the file its configuration names, readable by cascade alone.
  guest "printf 'frame-secret-1\n' >/etc/cascade/mqtt-password && chown cascade: /etc/cascade/mqtt-password &&
    chmod 0600 /etc/cascade/mqtt-password" >/dev/null
}

# The photo frame with a slide an hour, so only the commands step it.
mqtt_config=$'attract-after = 600\nslideshow = true\ninterval = 3600\ntransition-ms = 300
[mqtt]\nurl = "mqtt://frame@127.0.0.1"\npassword-file = "/etc/cascade/mqtt-password"\ndevice-id = "kiosk"'

discovery_appears() {
  broker_up && fresh_cascade "$mqtt_config" 'slideshow:' && wait_log 600 'mqtt: connected' &&
    wait_until 120 '[ "$(mqtt_availability)" = online ]' || return 1
  mqtt_sub 'homeassistant/+/+/config' 15 >"$dir/discovery.txt" || return 1
  python3 - "$dir/discovery.txt" "$mqtt_base" <<'PY'
import json, sys
lines = [l for l in open(sys.argv[1]).read().splitlines() if l]
base, ids, bad = sys.argv[2], set(), []
for line in lines:
    topic, _, payload = line.partition(" ")
    c = json.loads(payload)
    ids.add(c["unique_id"])
    if (not topic.endswith("/" + c["unique_id"] + "/config") or c.get("availability_topic") != base + "/availability"
            or c.get("device", {}).get("identifiers") != ["cascade_kiosk"]):
        bad.append(topic)
print(f"  {len(lines)} entities announced: {', '.join(sorted(ids))}")
if bad: print(f"  not the device's: {bad}")
need = {"cascade_kiosk_screen", "cascade_kiosk_next", "cascade_kiosk_message"}
sys.exit(0 if lines and not bad and len(ids) == len(lines) and need <= ids else 1)
PY
}

slideshow_next_steps() {
  local before photo
  wait_until 300 '[ -n "$(mqtt_state photo)" ]' || return 1
  photo=$(mqtt_state photo) before=$(event_count shown)
  mqtt_pub slideshow next && wait_until 300 "[ \"\$(event_count shown)\" -gt $before ]" &&
    wait_until 120 "[ \"\$(mqtt_state photo)\" != '$photo' ]" &&
    echo "  cmd/slideshow next: $photo → $(mqtt_state photo)"
}

message_shows() {
  mqtt_pub message 'Dinner at seven' &&
    wait_until 120 "state message && [ \"\$(json '$dir/message.json' 'd[\"message\"]')\" = 'Dinner at seven' ]" &&
    [ "$(mqtt_state message)" = 'Dinner at seven' ] && screenshot message &&
    echo "  get-state and state/message say: $(mqtt_state message)"
}

screen_off_and_on() {
  mqtt_pub screen off && wait_until 120 '[ "$(dpms)" = Off ]' && [ "$(mqtt_state screen)" = off ] || return 1
  echo "  cmd/screen off: connector DPMS $(dpms), state/screen $(mqtt_state screen)"
  mqtt_pub screen on && wait_until 120 '[ "$(dpms)" = On ]' && [ "$(mqtt_state screen)" = on ] &&
    echo "  cmd/screen on: connector DPMS $(dpms)"
}

killed_leaves_the_will() {
  [ "$(mqtt_availability)" = online ] || return 1
  guest 'kill -KILL $(pgrep -o -x cascade)' >/dev/null && wait_until 60 '! alive' &&
    wait_until 120 '[ "$(mqtt_availability)" = offline ]' || return 1
  echo "  SIGKILL (exit status $(cat "$dir/cascade.rc")): the broker published availability $(mqtt_availability)"
  # The next suite starts from the configuration kiosk-vm begins with, and without a broker.
  guest "kill \$(cat $mqtt_dir/pid); rm -f /etc/cascade/mqtt-password; printf 'attract-after = 600\n' >/etc/cascade/cascade.toml" >/dev/null
}

dpms() { guest 'cat /sys/class/drm/card0-*/dpms | head -1'; }

check "discovery is announced on the broker with the device's topics" discovery_appears
check "cmd/slideshow next steps the slideshow" slideshow_next_steps
check "cmd/message shows a message" message_shows
check "cmd/screen off turns the console to DPMS off, on lights it" screen_off_and_on
check "SIGKILL: the broker publishes the last will offline" killed_leaves_the_will
