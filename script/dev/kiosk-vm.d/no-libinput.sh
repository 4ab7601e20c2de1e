# Touch on a console where libinput cannot start, sourced by script/dev/kiosk-vm
# (`script/dev/kiosk-vm no-libinput`): a file that is no library stands first on cascade's
# LD_LIBRARY_PATH as libinput.so.10, so its load fails as on a machine without libinput. cascade
# says so in one warning and reads the touch screen from the kernel's event device itself, with
# the kernel's times. The kernel sends no position that equals the one it keeps for the slot, so
# a finger landing where the last one before cascade's start lifted is a tracking id alone: it
# must land there, not at the screen's corner.

# In the guest's /run: the run's folder is root's alone, and the unit's user must read it.
guest 'mkdir -p /run/no-libinput && echo "not a library" >/run/no-libinput/libinput.so.10 &&
  chmod -R a+rX /run/no-libinput' >/dev/null
extra_env="$extra_env LD_LIBRARY_PATH=/run/no-libinput"

fallback_starts() {
  input_devices_up && fresh_cascade 'attract-after = 600' && wait_until 300 'settled n0' || return 1
  grep -m1 'libinput could not start' "$dir/cascade.log" | sed 's/^/  /'
  grep -q "libinput could not start.*the kernel's event devices" "$dir/cascade.log" && ! grep -q 'read through libinput' "$dir/cascade.log"
}

marked_is() { state "$1" && [ "$(json "$dir/$1.json" '",".join(str(m["index"]) for m in d["marked"])')" = "$2" ]; }

# The first touch: cascade reads the touch screen from its start, so one hold is enough.
fallback_hold_marks() {
  local index x y
  ctl mark-clear >/dev/null || return 1
  read -r index x y < <(tile_at n0)
  gesture hold "$x" "$y" 1500 && wait_until 120 "marked_is n-marked $index" || {
    log "held at $x,$y for tile $index; marked: $(json "$dir/n-marked.json" '[m["index"] for m in d["marked"]]')"
    return 1
  }
  echo "$x $y" >"$dir/n-held.txt"
  echo "  a finger held at $x,$y marked tile $index"
}

# cascade started again, then a tap where the hold was: the kernel sends that finger's tracking
# id and no position, and the tap must select the tile under it.
fallback_tap_same_spot_selects() {
  local x y selected_before
  read -r x y <"$dir/n-held.txt" || return 1
  fresh_cascade 'attract-after = 600' && wait_until 300 'settled n-tap0' || return 1
  selected_before=$(event_count selected)
  gesture tap "$x" "$y" && wait_until 120 "[ \$(event_count selected) -gt $selected_before ]" || return 1
  events | grep '"event":"selected"' | tail -1 >"$dir/n-tap.json"
  echo "  tapped $x,$y after a restart: $(cat "$dir/n-tap.json")"
  # The selected tile is the one under the finger, and its rect, where it was on screen, holds the point.
  python3 - "$dir/n-tap.json" "$dir/n-tap0.json" "$x" "$y" <<'EOF2' || return 1
import json, sys
e, d = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])); x, y = map(int, sys.argv[3:])
under = [t["index"] for t in d["visible"]
         if t["screen"]["x"] <= x <= t["screen"]["x"] + t["screen"]["w"] and t["screen"]["y"] <= y <= t["screen"]["y"] + t["screen"]["h"]]
r = e["rect"]; top = r["y"] - e["offset"]
sys.exit(0 if [e["index"]] == under and r["x"] <= x <= r["x"] + r["w"] and top <= y <= top + r["h"] else 1)
EOF2
  gesture key KEY_ESC && wait_until 120 'mode_is n-tap1 wall'
}

fallback_drag_scrolls() {
  local width height before after
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled n-drag0' || return 1
  width=$(json "$dir/n-drag0.json" 'int(d["width"])') height=$(json "$dir/n-drag0.json" 'int(d["height"])')
  before=$(offset n-drag0)
  # Slowly, and still for 300 ms before lifting: a drag, no fling.
  gesture drag $((width / 2)) $((height * 3 / 4)) $((width / 2)) $((height / 4)) 800 300 &&
    wait_until 120 'settled n-drag1' || return 1
  after=$(offset n-drag1)
  echo "  finger moved $((height / 2)) px up, the wall $((after - before)) px"
  # The wall follows the finger exactly (a pixel for rounding), as with libinput.
  local d=$((after - before - height / 2))
  ((d >= -2 && d <= 2))
}

check "without libinput: one warning, and touches from the kernel's event devices" fallback_starts
check "without libinput: a finger held on a tile marks it the first time" fallback_hold_marks
check "without libinput: after a restart, a tap where the last finger was selects that tile" fallback_tap_same_spot_selects
check "without libinput: a drag scrolls by the finger's travel" fallback_drag_scrolls
check "no crash, and SIGTERM exits 0" sigterm_exits_0
