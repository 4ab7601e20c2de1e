# The frame driven through Home Assistant's MQTT topics on the console, sourced by
# script/dev/kiosk-vm (`script/dev/kiosk-vm mqtt`): a mosquitto in the VM on 127.0.0.1 with a
# password file, cascade started as the unit starts it with an [mqtt] table in its
# configuration (docs/home-assistant.md), then what Home Assistant does — read the discovery,
# step the slideshow, put up a message, turn the screen off (the kernel's DPMS says so) and on —
# and the broker's last will `offline` when cascade is killed outright.
#
# start_cascade does not apply the unit's sandbox, so its network rules (IPAddressAllow=) are
# checked by the unit's own test (systemd-analyze), not here.

# shellcheck source=broker.bash
source "$here/script/dev/kiosk-vm.d/broker.bash"

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
