# Touch and keys through the kernel, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm touch`):
# a multitouch screen and a keyboard made on /dev/uinput (touch.py), read by SDL through evdev
# and udev as a real USB panel would be, on the console. Every gesture is checked by what
# cascade then tells on its control socket: its events (`ctl --follow`) and `get-state`.

touch_starts() {
  input_devices_up && fresh_cascade 'attract-after = 600' && wait_until 300 'settled t0'
}

tap_selects() {
  local index x y
  read -r index x y < <(tile_at t0)
  gesture tap "$x" "$y" &&
    wait_until 120 "[ \$(event_count selected) -ge 1 ]" || return 1
  events | grep '"event":"selected"' | tail -1 >"$dir/tap.json"
  echo "  tapped $x,$y: $(cat "$dir/tap.json")"
  # The selected tile is the one tapped, and its rect, where it was on screen, holds the point.
  python3 - "$dir/tap.json" "$index" "$x" "$y" <<'EOF'
import json, sys
e = json.load(open(sys.argv[1])); index, x, y = map(int, sys.argv[2:])
r = e["rect"]; top = r["y"] - e["offset"]
sys.exit(0 if e["index"] == index and r["x"] <= x <= r["x"] + r["w"] and top <= y <= top + r["h"] else 1)
EOF
  [ $? = 0 ] && wait_until 120 'mode_is tapped detail'
}

swipe_changes_photo() {
  local first width height
  first=$(json "$dir/tapped.json" 'd["selected"]')
  width=$(json "$dir/tapped.json" 'int(d["width"])') height=$(json "$dir/tapped.json" 'int(d["height"])')
  # Right to left is the next photo, left to right the one before.
  gesture drag $((width * 8 / 10)) $((height / 2)) $((width * 2 / 10)) $((height / 2)) 250 &&
    wait_until 120 "selected_is swiped $((first + 1))" &&
    gesture drag $((width * 2 / 10)) $((height / 2)) $((width * 8 / 10)) $((height / 2)) 250 &&
    wait_until 120 "selected_is swiped-back $first" &&
    echo "  photo $first → $((first + 1)) → $first"
}

keys_work() {
  local first
  first=$(json "$dir/swiped-back.json" 'd["selected"]')
  gesture key KEY_RIGHT && wait_until 120 "selected_is key-right $((first + 1))" &&
    gesture key KEY_LEFT && wait_until 120 "selected_is key-left $first" &&
    gesture key KEY_ESC && wait_until 120 'mode_is key-esc wall' &&
    # Arrows on the wall move the cursor; Return opens the photo under it.
    gesture key KEY_DOWN && wait_until 120 "state key-down && [ \"\$(json '$dir/key-down.json' 'd[\"cursor\"]')\" != '$first' ]" &&
    gesture key KEY_ENTER && wait_until 120 'mode_is key-enter detail' &&
    gesture key KEY_ESC && wait_until 120 'settled key-done && mode_is key-done wall' &&
    echo "  Right, Left, Esc, Down, Return, Esc did what they do on the desktop"
}

drag_scrolls() {
  local width height before after
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled drag0' || return 1
  width=$(json "$dir/drag0.json" 'int(d["width"])') height=$(json "$dir/drag0.json" 'int(d["height"])')
  before=$(offset drag0)
  # Slowly, and still for 300 ms before lifting: a drag, no fling.
  gesture drag $((width / 2)) $((height * 3 / 4)) $((width / 2)) $((height / 4)) 800 300 &&
    wait_until 120 'settled drag1' || return 1
  after=$(offset drag1)
  echo "  finger moved $((height / 2)) px up, the wall $((after - before)) px"
  # The wall follows the finger exactly (a pixel for rounding).
  local d=$((after - before - height / 2))
  ((d >= -2 && d <= 2))
}

fling_continues() {
  local width height before after travel
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled fling0' || return 1
  width=$(json "$dir/fling0.json" 'int(d["width"])') height=$(json "$dir/fling0.json" 'int(d["height"])')
  before=$(offset fling0) travel=$((height / 4))
  # A quick flick: a quarter of the screen in 100 ms, lifted while moving.
  gesture drag $((width / 2)) $((height * 3 / 4)) $((width / 2)) $((height / 2)) 100 &&
    wait_until 120 'settled fling1' || return 1
  after=$(offset fling1)
  fling_coast=$((after - before - travel))
  echo "  finger moved $travel px up, the wall $((after - before)) px: $fling_coast px after the lift"
  ((fling_coast > travel / 2))
}

tap_stops_fling() {
  local width height before after selected_before coast
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled stop0' || return 1
  width=$(json "$dir/stop0.json" 'int(d["width"])') height=$(json "$dir/stop0.json" 'int(d["height"])')
  before=$(offset stop0) selected_before=$(event_count selected)
  # The same flick, then a tap on a tile 150 ms after the lift, while the wall coasts.
  gesture "drag $((width / 2)) $((height * 3 / 4)) $((width / 2)) $((height / 2)) 100; wait 150; tap $((width / 2)) $((height / 2))" &&
    wait_until 120 'settled stop1' || return 1
  after=$(offset stop1)
  coast=$((after - before - height / 4))
  echo "  coasted $coast px after the lift (an uncaught fling: ${fling_coast:-?} px); selected events $selected_before → $(event_count selected)"
  # Stopped early, nothing selected, still the wall.
  [ "$(event_count selected)" = "$selected_before" ] && mode_is stop1 wall &&
    [ -n "${fling_coast:-}" ] && ((coast < fling_coast / 2))
}

pinch_changes_columns() {
  local index x y before after
  ctl set-columns 4 >/dev/null && ctl scroll-to '{"offset": 300}' >/dev/null &&
    wait_until 120 "settled pinch0 && [ \"\$(json '$dir/pinch0.json' 'd[\"columns\"]')\" = 4 ]" || return 1
  read -r index x y < <(tile_at pinch0)
  # Fingers spread to twice their distance about the middle of a tile: half the columns, and
  # that tile still under the fingers.
  gesture pinch "$x" "$y" 160 320 400 &&
    wait_until 120 "settled pinch1 && [ \"\$(json '$dir/pinch1.json' 'd[\"columns\"]')\" = 2 ]" || return 1
  echo "  columns 4 → 2 about tile $index at $x,$y"
  python3 - "$dir/pinch1.json" "$index" "$y" <<'EOF' || return 1
import json, sys
d = json.load(open(sys.argv[1])); index, y = int(sys.argv[2]), int(sys.argv[3])
tiles = [t for t in d["visible"] if t["index"] == index]
if not tiles:
    sys.exit(f"  tile {index} left the screen")
r = tiles[0]["screen"]
print(f"  tile {index} now at y {round(r['y'])}…{round(r['y'] + r['h'])}")
sys.exit(0 if r["y"] <= y <= r["y"] + r["h"] else 1)
EOF
  # And pinched together: more columns again.
  gesture pinch "$x" "$y" 320 160 400 &&
    wait_until 120 "settled pinch2 && [ \"\$(json '$dir/pinch2.json' 'd[\"columns\"]')\" = 4 ]" &&
    echo "  columns 2 → 4 pinching in"
}

hotplug_works() {
  local answer index x y selected_before
  answer=$(guest "echo plug >$touch_dir/in && cat $touch_dir/out") && echo "  plugged: ${answer#ok }" || return 1
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled plug0' || return 1
  read -r index x y < <(tile_at plug0)
  selected_before=$(event_count selected)
  # SDL opens the new device when udev announces it; nothing tells when, so tap until it answers.
  local start=$SECONDS
  until [ "$(event_count selected)" -gt "$selected_before" ]; do
    ((SECONDS - start < 180)) || { log "no tap on the hot-plugged screen was seen in 180 s"; return 1; }
    gesture tap "$x" "$y" || return 1
    sleep 3
  done
  echo "  the new screen's tap selected tile $(events | grep '"event":"selected"' | tail -1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["index"])') after $((SECONDS - start)) s"
  gesture key KEY_ESC && wait_until 120 'mode_is plug1 wall'
}

touch_ends() {
  # A figure for BENCHMARKS.md: the wall at rest, screen on, nobody touching it.
  wait_until 120 'settled rest' && echo "  at rest with the screen on: $(cpu_percent 20) % CPU over 20 s"
  sigterm_exits_0
}

check "a touch screen and a keyboard on /dev/uinput, classified by udev" touch_starts
check "a tap selects the tile under the finger" tap_selects
check "a swipe in the detail view changes photo" swipe_changes_photo
check "keys through the kernel (Right, Left, Esc, Down, Return)" keys_work
check "a drag scrolls by the finger's travel" drag_scrolls
check "a fling continues after the finger lifts" fling_continues
check "a tap during a fling only stops it" tap_stops_fling
check "a two-finger pinch changes the column count around the fingers" pinch_changes_columns
check "a touch screen plugged in after start works" hotplug_works
# A finger held still on a tile marks it (the kiosk allows marks: they change no file) and opens
# nothing; get-state lists the tile among the marked ones.
long_press_marks() {
  local index x y selected_before
  ctl mark-clear >/dev/null && ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled mark0' || return 1
  read -r index x y < <(tile_at mark0)
  selected_before=$(event_count selected)
  gesture hold "$x" "$y" 900 && wait_until 120 "[ \$(event_count marked) -ge 1 ]" || return 1
  state mark1 && echo "  held $x,$y: marked $(json "$dir/mark1.json" '[m["index"] for m in d["marked"]]')"
  [ "$(json "$dir/mark1.json" '[m["index"] for m in d["marked"]]')" = "[$index]" ] &&
    [ "$(event_count selected)" = "$selected_before" ] && mode_is mark2 wall
}

check "a long press marks the tile under the finger, and opens nothing" long_press_marks
check "no crash, and SIGTERM exits 0" touch_ends

# The date scrubber (docs/kiosk.md): a finger that lands on the screen's right edge takes the
# rail's thumb, and the wall follows it in proportion to its whole length. After the checks above
# ended cascade, it is started afresh for this one.
scrubber_drag_scrolls() {
  local width height max x y1 want got
  fresh_cascade 'attract-after = 600' && wait_until 300 'settled scrub0' || return 1
  width=$(json "$dir/scrub0.json" 'int(d["width"])') height=$(json "$dir/scrub0.json" 'int(d["height"])')
  max=$(json "$dir/scrub0.json" 'round(d["contentHeight"] - d["height"])')
  ((max > height)) || { log "the wall is too short to scrub ($max px to scroll)"; return 1; }
  # The rail runs 6 px inside the top and bottom edges with a 44 px thumb, which starts at the
  # top: a finger on its middle (y 28) moved to y1 puts the thumb's top at y1 - 22, the wall
  # (y1 - 28) / (height - 56) of its way down.
  x=$((width - 10)) y1=$((height * 2 / 3))
  gesture drag "$x" 28 "$x" "$y1" 600 300 && wait_until 120 'settled scrub1' || return 1
  want=$((max * (y1 - 28) / (height - 56))) got=$(offset scrub1)
  echo "  finger on the rail from y 28 to $y1: the wall at $got of $max px (in proportion: $want)"
  local d=$((got - want))
  ((d >= -2 && d <= 2)) && mode_is scrub1 wall
}

check "a finger dragged on the scrubber's rail scrolls the wall in proportion" scrubber_drag_scrolls
check "no crash after the scrubber, and SIGTERM exits 0" sigterm_exits_0
