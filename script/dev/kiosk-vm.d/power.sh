# The screen sleeping and waking by itself, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm power`): on idle
# and on schedule it goes to DPMS off through the DRM device cascade holds (the kernel's own
# connector state says so), cascade then draws nothing and sleeps, and a touch, a key or the
# schedule lights it again — the touch that wakes it selecting nothing.

# dpms — the kernel's DPMS state of the console's connector: On or Off.
dpms() { guest 'cat /sys/class/drm/card0-*/dpms | head -1'; }

# off_by REASON — cascade said screen-off for REASON, get-state agrees, and the kernel's
# connector is in DPMS off (not a black picture on a lit screen).
off_by() {
  events | grep '"event":"screen-off"' | tail -1 | grep -q "\"reason\":\"$1\"" &&
    state "off-$1" && [ "$(json "$dir/off-$1.json" 'd["screen"]')" = off ] &&
    [ "$(dpms)" = Off ]
}

on_again() {
  [ "$(event_count screen-on)" -gt "$1" ] && state on-again && [ "$(json "$dir/on-again.json" 'd["screen"]')" = on ] &&
    [ "$(dpms)" = On ]
}

idle_turns_it_off() {
  # Started until its first frame with tiles, not its first full screen: on a host slowed by
  # other work the idle minute can run out before every tile is decoded, and a screen that went
  # dark draws no full screen.
  input_devices_up >/dev/null &&
    fresh_cascade $'attract-after = 600\nscreen-off-after = 1' 'first frame with tiles' &&
    wait_until 300 'off_by idle' || { echo "  DPMS: $(dpms)"; return 1; }
  ! grep -q 'cannot be powered down' "$dir/cascade.log" &&
    echo "  off after a minute without input: $(grep -o 'screen off (idle)' "$dir/cascade.log" | head -1), connector DPMS $(dpms)"
}

# Nothing drawn and the loop asleep: get-stats' frames stand still and the loop went to sleep
# once, after the first get-stats woke it. The CPU share is printed, not judged (TCG).
nothing_runs_while_off() {
  local frames rests cpu
  read -r frames rests cpu < <(loop_quiet 30)
  [ -n "$rests" ] || return 1
  echo "  over 30 s with the screen off: $frames frames drawn, the loop woke $rests times, $cpu % CPU"
  [ "$frames" = 0 ] && [ "$rests" -le 2 ]
}

touch_wakes_without_selecting() {
  local on_before selected_before index x y start
  on_before=$(event_count screen-on) selected_before=$(event_count selected)
  read -r index x y < <(tile_at off-idle)
  start=$SECONDS
  gesture tap "$x" "$y" && wait_until 120 "on_again $on_before" || return 1
  echo "  a tap on tile $index woke it ($((SECONDS - start)) s through the VM's round trips); selected events $selected_before → $(event_count selected)"
  # With no schedule the screen is simply on again ("auto"); "input" names a touch that lights
  # it outside the schedule (docs/control.md).
  events | grep '"event":"screen-on"' | tail -1 | grep -q '"reason":"auto"' &&
    [ "$(event_count selected)" = "$selected_before" ] && mode_is woken wall &&
    # What comes back is the wall, with its photos.
    wait_until 300 'wall_on_screen woken'
}

key_wakes() {
  local on_before
  wait_until 300 'off_by idle' || return 1
  on_before=$(event_count screen-on)
  gesture key KEY_SPACE && wait_until 120 "on_again $on_before" && mode_is key-woken wall &&
    echo "  off again after a minute; Space woke it"
}

schedule_turns_it_off_and_on() {
  # Outside the schedule now: an hour's window half a day away (the VM keeps the host's clock
  # and zone). The owner's way: edit /etc/cascade/cascade.toml, `systemctl reload` (SIGHUP).
  local hour away on_before
  hour=$(guest 'date +%H') && hour=$((10#$hour)) away=$(((hour + 12) % 24))
  guest "printf 'attract-after = 600\nscreen-schedule = \"Mon-Sun %02d:00-%02d:00\"\n' $away $((away + 1)) >/etc/cascade/cascade.toml &&
    kill -HUP \$(pgrep -o -x cascade)" >/dev/null &&
    wait_until 300 'off_by schedule' || return 1
  echo "  schedule $(printf '%02d:00-%02d:00' $away $((away + 1))): off at $(date +%H:%M)"
  on_before=$(event_count screen-on)
  guest "printf 'attract-after = 600\nscreen-schedule = \"Mon-Sun 00:00-24:00\"\n' >/etc/cascade/cascade.toml &&
    kill -HUP \$(pgrep -o -x cascade)" >/dev/null &&
    wait_until 300 "on_again $on_before" &&
    events | grep '"event":"screen-on"' | tail -1 | grep -q '"reason":"schedule"' &&
    echo "  schedule 00:00-24:00: on again"
}

check "the screen goes to DPMS off after the idle timeout" idle_turns_it_off
check "nothing runs while the screen is off (no frames, the loop asleep)" nothing_runs_while_off
check "a touch wakes the screen and selects nothing" touch_wakes_without_selecting
check "a key wakes the screen" key_wakes
check "the schedule turns the screen off and on (SIGHUP reload)" schedule_turns_it_off_and_on
check "no crash, and SIGTERM exits 0" sigterm_exits_0
