# A TV over HDMI-CEC, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm cec`): the kernel's
# vivid test driver makes an HDMI input (its CEC adapter plays the TV, physical address
# 0.0.0.0) and an HDMI output wired to it (a source, 1.0.0.0). cec-ctl configures the TV side
# and monitors the bus into DIR/cec-monitor.log; cascade runs with `cec = true` (docs/kiosk.md,
# "A TV over HDMI-CEC") and must find the source adapter itself. Then: `screen off` puts the TV
# in standby, `screen on` wakes it and makes us the active source, the idle timeout does the
# same as the command; a TV that does not answer, and no adapter at all, are one log line each
# while cascade runs on.

cec_monitor="$dir/cec-monitor.log"

# cec_bus_up — vivid loaded, the TV's adapter configured as a TV and monitored.
cec_bus_up() {
  guest "modprobe vivid n_devs=1 && udevadm settle --timeout=120
    tv=''; for d in /dev/cec*; do cec-ctl -d \$d | grep -q 'Adapter Name.*vid-cap' && tv=\$d; done
    [ -n \"\$tv\" ] || { ls -l /dev/cec* >&2; exit 1; }
    cec-ctl -d \$tv --tv >/dev/null && echo \$tv >'$dir/cec-tv'
    setsid stdbuf -oL cec-ctl -d \$tv --monitor-all >'$cec_monitor' 2>&1 </dev/null &
    for i in \$(seq 1 600); do [ -s '$cec_monitor' ] && break; sleep 0.1; done
    ls -l /dev/cec*; echo \"TV: \$tv\"" | sed 's/^/  /'
}

# cec_sent_since LINE PATTERN… — the monitor saw messages matching the patterns, in this order,
# after line LINE of its log. A message is its header line and the operand lines under it.
cec_sent_since() {
  python3 - "$cec_monitor" "$@" <<'PY'
import re, sys
path, start, patterns = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
lines = open(path, errors="replace").read().splitlines()[start:]
messages = []
for line in lines:
    if line.startswith(("\t", " ")) and messages: messages[-1] += " " + line.strip()
    elif line.strip(): messages.append(line.strip())
found = 0
for message in messages:
    if found < len(patterns) and re.search(patterns[found], message): found += 1
sys.exit(0 if found == len(patterns) else 1)
PY
}

cec_lines() { wc -l <"$cec_monitor"; }

# Our logical address, from cascade's log line: `logical address 4 (Playback Device 1)`.
cec_address() { sed -n 's/.*cec: .*logical address \([0-9]*\) (.*/\1/p' "$dir/cascade.log" | tail -1; }

cec_claims_a_source_address() {
  cec_bus_up && fresh_cascade $'attract-after = 600\ncec = true' && wait_log 300 'cec: /dev/cec' || return 1
  grep 'cec: ' "$dir/cascade.log" | sed 's/^/  /'
  # The source adapter, found by its physical address, the TV's passed over.
  grep -q 'cec: /dev/cec[0-9]* (vivid, vivid-000-vid-out0) at 1.0.0.0; .*is a TV.s own adapter (0.0.0.0); logical address [0-9]* (Playback Device' \
    "$dir/cascade.log" || return 1
  # get-state says the same.
  state cec-claimed && echo "  get-state: $(json "$dir/cec-claimed.json" 'd["cec"]')" &&
    [ "$(json "$dir/cec-claimed.json" 'd["cec"]["physicalAddress"]')" = 1.0.0.0 ] &&
    [ "$(json "$dir/cec-claimed.json" 'd["cec"]["logicalAddress"]')" = "$(cec_address)" ]
}

screen_off_puts_the_tv_in_standby() {
  local from line
  from=$(cec_address) line=$(cec_lines)
  [ -n "$from" ] && ctl screen off >/dev/null &&
    wait_until 120 "cec_sent_since $line '\\($from to 0\\): STANDBY'" || return 1
  echo "  the monitor: $(grep -m1 "($from to 0): STANDBY" "$cec_monitor")"
  wait_log 60 'cec: sent Standby to the TV'
}

screen_on_wakes_the_tv() {
  local from line
  from=$(cec_address) line=$(cec_lines)
  ctl screen on >/dev/null &&
    wait_until 120 "cec_sent_since $line '\\($from to 0\\): IMAGE_VIEW_ON' '\\($from to 15\\): ACTIVE_SOURCE .*phys-addr: 1\\.0\\.0\\.0'" || return 1
  echo "  the monitor: IMAGE_VIEW_ON, then ACTIVE_SOURCE 1.0.0.0 to all"
  wait_log 60 'cec: sent Image View On to the TV, then Active Source 1.0.0.0 to all'
}

# The owner's way: the file edited and reloaded (SIGHUP); cec stays on through the reload.
idle_puts_the_tv_in_standby() {
  local from line
  from=$(cec_address) line=$(cec_lines)
  ctl screen auto >/dev/null &&
    guest "printf 'attract-after = 600\ncec = true\nscreen-off-after = 0.5\n' >/etc/cascade/cascade.toml && kill -HUP \$(pgrep -o -x cascade)" >/dev/null &&
    wait_until 300 "cec_sent_since $line '\\($from to 0\\): STANDBY'" || return 1
  grep -q 'screen off (idle)' "$dir/cascade.log" && echo "  off after 30 s without input: STANDBY on the bus"
}

# The TV's adapter unconfigured, as a TV with its HDMI-CEC setting off: nobody acknowledges
# messages to address 0. One warning saying so; the screen itself still comes on.
silent_tv_is_one_line() {
  local line tv from
  tv=$(cat "$dir/cec-tv") from=$(cec_address)
  guest "cec-ctl -d $tv --clear >/dev/null" || return 1
  line=$(grep -c 'cec: ' "$dir/cascade.log")
  ctl screen on >/dev/null && wait_until 120 'screen_is on' &&
    wait_log 120 "cec: Image View On to the TV from $from (" || return 1
  grep "cec: Image View On to the TV from" "$dir/cascade.log" | sed 's/^/  /'
  grep -q "cec: Image View On to the TV from $from (.*): not acknowledged" "$dir/cascade.log" &&
    [ "$(grep -c 'cec: ' "$dir/cascade.log")" = $((line + 1)) ] && alive &&
    guest "cec-ctl -d $tv --tv >/dev/null"
}

screen_is() { state "cec-$1" && [ "$(json "$dir/cec-$1.json" 'd["screen"]')" = "$1" ]; }

# no_adapter 'CONFIG' TEXT — cascade with this configuration logs TEXT once, as its only cec
# line, and its screen still goes off and on.
no_adapter() {
  fresh_cascade "$1" && wait_log 300 "$2" || return 1
  grep 'cec: ' "$dir/cascade.log" | sed 's/^/  /'
  ctl screen off >/dev/null && wait_until 120 'screen_is off' && ctl screen on >/dev/null && wait_until 120 'screen_is on' &&
    alive && [ "$(grep -c 'cec: ' "$dir/cascade.log")" = 1 ]
}

missing_device_is_one_line() {
  no_adapter $'attract-after = 600\ncec = true\ncec-device = "/dev/cec9"' \
    'cec: cec device /dev/cec9 cannot be opened: No such file or directory'
}

no_adapter_is_one_line() {
  # cascade and the monitor let go of the adapters, so vivid can go.
  sigterm_exits_0 >/dev/null
  guest 'pkill -x cec-ctl; for i in $(seq 1 100); do modprobe -r vivid 2>/dev/null && break; sleep 0.2; done; ! ls /dev/cec* 2>/dev/null' >/dev/null || return 1
  no_adapter $'attract-after = 600\ncec = true' 'cec: no HDMI-CEC adapter (/dev/cec*)'
}

check "cec: cascade claims a Playback address on the source adapter, not the TV's" cec_claims_a_source_address
check "cec: screen off puts the TV in standby" screen_off_puts_the_tv_in_standby
check "cec: screen on wakes the TV and makes cascade the active source" screen_on_wakes_the_tv
check "cec: the idle timeout puts the TV in standby (SIGHUP reload)" idle_puts_the_tv_in_standby
check "cec: a TV that does not acknowledge is one log line; the screen still comes on" silent_tv_is_one_line
check "cec: a missing --cec-device is one log line; the screen still goes off and on" missing_device_is_one_line
check "cec: no adapter at all is one log line; the screen still goes off and on" no_adapter_is_one_line
check "cec: no crash, and SIGTERM exits 0" sigterm_exits_0
