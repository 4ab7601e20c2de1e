# A mosquitto in the VM on 127.0.0.1, as docs/home-assistant.md sets one up, and Home
# Assistant's side of it; sourced by the suites that put the frame on the bus (mqtt, soak).

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
# (The console VM has no init to bring the loopback up; under systemd it is up and `ip` absent.)
broker_up() {
  guest "ip link set lo up 2>/dev/null
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
