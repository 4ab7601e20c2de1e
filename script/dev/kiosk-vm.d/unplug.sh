# The screen unplugged and back, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm unplug`):
# the console's connector is forced disconnected through sysfs, as a cable pulled or a TV
# switched off; cascade must keep running with the control socket answering and next to no CPU,
# say `display-lost`, and when the connector is back say `display-back` and show the wall where
# it was. QEMU's bochs driver does not watch its outputs, so the kernel sends no uevent for a
# forced status: `udevadm trigger --action=change` on the card sends the one a real unplug sends.
# The mode cannot differ on return here (the VGA's EDID is read once, when the driver loads);
# the new-size path is tested with SDL's dummy driver (DisplayReturnTests).

# unplug_connector — the sysfs folder of the connected output: /sys/class/drm/card0-Virtual-1.
unplug_connector() {
  guest 'for s in /sys/class/drm/card*-*/status; do [ "$(cat "$s")" = connected ] && echo "${s%/status}" && break; done'
}

# force_connector off|on — the connector's status forced, and the card's change uevent.
force_connector() {
  guest "echo $2 >$1/status && udevadm trigger --action=change ${1%%-*}" >/dev/null
}

# top_tile NAME — the first tile whose top is on screen in DIR/NAME.json, as the wall anchors it.
top_tile() { json "$dir/$1.json" 'min(t["index"] for t in d["visible"] if t["screen"]["y"] >= 0)'; }

display_is() { state "$1" && [ "$(json "$dir/$1.json" 'd["display"]')" = "$2" ]; }

unplug_wall_scrolled() {
  fresh_cascade 'attract-after = 600' || return 1
  ctl scroll-to '{"offset": 900}' >/dev/null &&
    wait_until 300 'wall_on_screen before-unplug' || { cat "$dir/before-unplug.txt" 2>/dev/null; return 1; }
  display_is connected connected && echo "  top tile $(top_tile before-unplug) at offset $(offset before-unplug)"
}

unplug_lost() {
  local conn
  conn=$(unplug_connector) && [ -n "$conn" ] || return 1
  echo "$conn" >"$dir/connector.txt"
  force_connector "$conn" off &&
    wait_until 120 '[ "$(event_count display-lost)" -ge 1 ]' || { echo "  status: $(guest "cat $conn/status")"; return 1; }
  events | grep '"display-lost"' | sed 's/^/  /'
  grep 'is gone' "$dir/cascade.log" | sed 's/^/  /'
  alive && [ "$(grep -c 'is gone' "$dir/cascade.log")" = 1 ]
}

# Nothing drawn and the loop asleep while the screen is gone; the CPU share is printed, not judged.
unplug_idle_and_answering() {
  local frames rests cpu
  read -r frames rests cpu < <(loop_quiet 10)
  [ -n "$rests" ] || return 1
  echo "  over 10 s with the screen gone: $frames frames drawn, the loop woke $rests times, $cpu % CPU"
  display_is gone gone && alive && [ "$frames" = 0 ] && [ "$rests" -le 2 ]
}

unplug_back_in_place() {
  local conn
  conn=$(cat "$dir/connector.txt")
  force_connector "$conn" on &&
    wait_until 300 '[ "$(event_count display-back)" -ge 1 ]' || return 1
  events | grep '"display-back"' | sed 's/^/  /'
  grep 'is back at' "$dir/cascade.log" | sed 's/^/  /'
  wait_until 300 'wall_on_screen after-unplug' || { cat "$dir/after-unplug.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/after-unplug.txt" | sed 's/^/  /'
  echo "  top tile $(top_tile after-unplug) at offset $(offset after-unplug) (before: $(top_tile before-unplug) at $(offset before-unplug))"
  display_is back connected && alive &&
    [ "$(top_tile after-unplug)" = "$(top_tile before-unplug)" ] && [ "$(offset after-unplug)" = "$(offset before-unplug)" ]
}

# unplug_back_dark — a screen held off (as the schedule's dark hours hold it) that is unplugged
# and comes back is turned off again at once: the connector's DPMS is Off and get-state says off.
unplug_back_dark() {
  local conn lost back
  conn=$(cat "$dir/connector.txt")
  ctl screen off >/dev/null && wait_until 120 "[ \"\$(guest 'cat $conn/dpms')\" = Off ]" || return 1
  lost=$(event_count display-lost) back=$(event_count display-back)
  force_connector "$conn" off && wait_until 120 "[ \"\$(event_count display-lost)\" -gt $lost ]" &&
    force_connector "$conn" on && wait_until 300 "[ \"\$(event_count display-back)\" -gt $back ]" || return 1
  echo "  back while held off: connector DPMS $(guest "cat $conn/dpms"), screen $(state dark-back && json "$dir/dark-back.json" 'd["screen"]')"
  [ "$(guest "cat $conn/dpms")" = Off ] && [ "$(json "$dir/dark-back.json" 'd["screen"]')" = off ] && alive &&
    ctl screen on >/dev/null && wait_until 300 'wall_on_screen lit-again'
}

check "unplug: the wall scrolled on the console" unplug_wall_scrolled
check "unplug: connector off → display-lost, one log line, still running" unplug_lost
check "unplug: asleep while gone (no frames), the socket answers display gone" unplug_idle_and_answering
check "unplug: connector on → display-back, the same top tile, photos on screen" unplug_back_in_place
check "unplug: back while the screen is held off, it stays off (DPMS Off)" unplug_back_dark
check "unplug: SIGTERM exits with status 0" sigterm_exits_0
