# The kiosk's ticker on the console, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm
# --screen 1280x360 ticker`, or 1920x540): a wall in rows on a wide bar, from the configuration
# file as an owner sets it up, shows its photos where get-state says; a tap on the kernel's touch
# device selects the tile under the finger, a drag sideways moves the wall by the finger's
# travel, a pinch changes the rows about the fingers; left alone it drifts sideways, a touch
# stops it, and it turns at the end.
# Every check waits on cascade's log, its events or its state, never on a fixed time.

# The bar's configuration: a horizontal wall's rows are auto, as many of at least 240 px as fit:
# two on a 540 px bar (1920×540, 32:9). A lower bar has room for one, so it asks for two.
if [ "${screen#*x}" -ge 540 ]; then ticker_config='direction = "horizontal"'; else ticker_config='rows = 2'; fi

# sideways NAME — DIR/NAME.json with each visible tile's place on screen worked out from its
# rect in the wall and the offset, which on a wall in rows runs along x: what screen.py and
# tile_at read, whatever get-state itself puts in `screen`.
sideways() {
  python3 - "$dir/$1.json" <<'EOF'
import json, sys
path = sys.argv[1]
d = json.load(open(path))
for t in d["visible"]:
    r = t["rect"]
    t["screen"] = {"x": r["x"] - d["offset"], "y": r["y"], "w": r["w"], "h": r["h"]}
json.dump(d, open(path, "w"))
EOF
}

# ticker_on_screen NAME — the wall at rest, every tile on screen showing its photo where it is.
ticker_on_screen() {
  settled "$1" && sideways "$1" && screenshot "$1" &&
    python3 "$here/script/dev/kiosk-vm.d/screen.py" wall "$dir/$1.ppm" "$dir/$1.json" >"$dir/$1.txt"
}

# row_middle NAME — the y of the middle of the row of the tile nearest the screen's middle:
# a finger on a photo (the middle of the bar is the gap between two rows).
row_middle() { local index x y; read -r index x y < <(tile_at "$1"); echo "$y"; }

# marks_said — how many tiles a long press marked: a finger the emulated CPU left resting past
# the long-press time (0.5 s) before it moved marks instead of dragging.
marks_said() { echo "  (marked events so far: $(event_count marked))"; }

# lanes_are NAME N — get-state's row count (its `rows`) is N.
lanes_are() { [ "$(json "$dir/$1.json" 'd["rows"]')" = "$2" ]; }

ticker_starts() {
  input_devices_up >/dev/null && fresh_cascade "$(printf '%s\n' "$ticker_config" 'attract-after = 600')" &&
    wait_until 300 'settled bar0' || return 1
  local width height length
  width=$(json "$dir/bar0.json" 'int(d["width"])') height=$(json "$dir/bar0.json" 'int(d["height"])')
  length=$(json "$dir/bar0.json" 'round(d["contentWidth"])')
  echo "  a ${width}×${height} bar, $(json "$dir/bar0.json" 'd["rows"]') rows, the wall $length px long"
  # Rows: every tile on screen lies within the bar's height, and the wall runs far past its width.
  lanes_are bar0 2 && ((length > 2 * width)) &&
    [ "$(json "$dir/bar0.json" 'all(t["rect"]["y"] >= 0 and t["rect"]["y"] + t["rect"]["h"] <= d["height"] for t in d["visible"])')" = True ]
}

photos_on_ticker() {
  wait_until 300 'ticker_on_screen bar1' || { cat "$dir/bar1.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/bar1.txt" | sed 's/^/  /'
}

# offset_beyond NAME FROM — get-state into DIR/NAME.json, its offset more than FROM + 50.
offset_beyond() {
  state "$1" && [ "$(json "$dir/$1.json" "d['offset'] > $2 + 50")" = True ]
}

ticker_drifts() {
  # As an owner would: a shorter wait in /etc/cascade/cascade.toml, then `systemctl reload`
  # (SIGHUP). get-state is not input, so it does not stop the drift it watches. 20 s: long
  # enough, under TCG, to see the wall stand still after a touch before the drift resumes.
  local from
  guest "printf '%s\n' '$ticker_config' 'attract-after = 20' 'attract-speed = 80' >/etc/cascade/cascade.toml && kill -HUP \$(pgrep -o -x cascade)" >/dev/null &&
    state drift0 && from=$(json "$dir/drift0.json" 'd["offset"]') && [ -n "$from" ] || return 1
  wait_until 300 "offset_beyond drift1 $from" && screenshot drift1 || return 1
  local next
  next=$(json "$dir/drift1.json" 'd["offset"]')
  wait_until 300 "offset_beyond drift2 $next" && screenshot drift2 || return 1
  echo "  offset $from → $next → $(json "$dir/drift2.json" 'd["offset"]') px along x"
  # Sideways: a tile seen in both samples kept its place in the wall (its rect) and its row, so
  # it moved left on screen by exactly the offset's growth; and the picture changed.
  python3 - "$dir/drift1.json" "$dir/drift2.json" <<'EOF' || return 1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
both = {t["index"]: t["rect"] for t in a["visible"]}
same = [t for t in b["visible"] if t["index"] in both and both[t["index"]] == t["rect"]]
print(f"  {len(same)} tiles seen in both samples, in place in the wall, {b['offset'] - a['offset']:.0f} px further left on screen")
sys.exit(0 if same and b["offset"] > a["offset"] else 1)
EOF
  ! cmp -s "$dir/drift1.ppm" "$dir/drift2.ppm" && alive
}

ticker_touch_stops() {
  local width height
  sideways drift2 || return 1
  width=$(json "$dir/drift2.json" 'int(d["width"])') height=$(row_middle drift2)
  # A slow drag along a row that rests before the lift (no fling), on the drifting wall.
  gesture drag $((width * 3 / 4)) "$height" $((width / 2)) "$height" 600 300 &&
    state still1 && state still2 || return 1
  echo "  after the touch: offset $(json "$dir/still1.json" 'd["offset"]') → $(json "$dir/still2.json" 'd["offset"]')"
  [ "$(json "$dir/still1.json" 'd["offset"]')" = "$(json "$dir/still2.json" 'd["offset"]')" ] &&
    mode_is still3 wall
}

ticker_turns_at_the_end() {
  # Near the end (a program's scroll is input: the drift waits its 20 s again); it drifts the
  # rest of the way, rests there and glides back: only the turn at the end brings it back.
  local end
  end=$(json "$dir/drift2.json" 'round(d["contentWidth"] - d["width"])')
  ctl scroll-to "{\"offset\": $((end - 40))}" >/dev/null &&
    wait_until 300 "state end1 && [ \"\$(json '$dir/end1.json' 'd[\"offset\"] < 50')\" = True ]" &&
    echo "  from offset $((end - 40)) of $end to $(json "$dir/end1.json" 'round(d["offset"])')"
}

ticker_tap_selects() {
  local index x y
  wait_until 300 'ticker_on_screen tap0' || { cat "$dir/tap0.txt" 2>/dev/null; return 1; }
  read -r index x y < <(tile_at tap0)
  gesture tap "$x" "$y" &&
    wait_until 120 "[ \$(event_count selected) -ge 1 ]" || return 1
  events | grep '"event":"selected"' | tail -1 >"$dir/tap.json"
  echo "  tapped $x,$y on tile $index: $(cat "$dir/tap.json")"
  # The tile selected is the one tapped, and its rect, where it was on screen (the offset along
  # x), holds the point.
  python3 - "$dir/tap.json" "$index" "$x" "$y" <<'EOF' || return 1
import json, sys
e = json.load(open(sys.argv[1])); index, x, y = map(int, sys.argv[2:])
r = e["rect"]; left = r["x"] - e["offset"]
sys.exit(0 if e["index"] == index and left <= x <= left + r["w"] and r["y"] <= y <= r["y"] + r["h"] else 1)
EOF
  wait_until 120 'mode_is tapped detail' && gesture key KEY_ESC && wait_until 120 'mode_is untapped wall'
}

ticker_drag_scrolls() {
  local width height before after
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled hdrag0' && sideways hdrag0 || return 1
  width=$(json "$dir/hdrag0.json" 'int(d["width"])') height=$(row_middle hdrag0)
  before=$(offset hdrag0)
  # Right to left along a row, slowly, and still for 300 ms before lifting: a drag, no fling.
  gesture drag $((width * 3 / 4)) "$height" $((width / 4)) "$height" 800 300 &&
    wait_until 120 'settled hdrag1' || return 1
  after=$(offset hdrag1)
  echo "  finger moved $((width / 2)) px left, the wall $((after - before)) px"
  local d=$((after - before - width / 2))
  ((d >= -2 && d <= 2)) || { marks_said; return 1; }
}

ticker_fling_continues() {
  local width height before after travel coast
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled hfling0' && sideways hfling0 || return 1
  width=$(json "$dir/hfling0.json" 'int(d["width"])') height=$(row_middle hfling0)
  before=$(offset hfling0) travel=$((width / 4))
  # A quick flick along a row: a quarter of the bar in 100 ms, lifted while moving.
  gesture drag $((width * 3 / 4)) "$height" $((width / 2)) "$height" 100 &&
    wait_until 120 'settled hfling1' || return 1
  after=$(offset hfling1)
  coast=$((after - before - travel))
  echo "  finger moved $travel px left, the wall $((after - before)) px: $coast px after the lift"
  ((coast > travel / 2)) || { marks_said; return 1; }
}

ticker_pinch_changes_rows() {
  local index x y
  ctl scroll-to '{"offset": 300}' >/dev/null && wait_until 120 'settled hpinch0 && lanes_are hpinch0 2' &&
    sideways hpinch0 || return 1
  read -r index x y < <(tile_at hpinch0)
  # Fingers spread to twice their distance about the middle of a tile: half the rows, and that
  # tile still under the fingers. (Pinched in to four rows the samples would fit on the bar,
  # leaving nothing to scroll that could hold a tile anywhere.)
  gesture pinch "$x" "$y" 160 320 400 &&
    wait_until 120 'settled hpinch1 && lanes_are hpinch1 1' && sideways hpinch1 || return 1
  echo "  rows 2 → 1 about tile $index at $x,$y"
  python3 - "$dir/hpinch1.json" "$index" "$x" <<'EOF' || return 1
import json, sys
d = json.load(open(sys.argv[1])); index, x = int(sys.argv[2]), int(sys.argv[3])
tiles = [t for t in d["visible"] if t["index"] == index]
if not tiles:
    sys.exit(f"  tile {index} left the screen")
r = tiles[0]["screen"]
print(f"  tile {index} after the pinch at x {round(r['x'])}…{round(r['x'] + r['w'])}")
sys.exit(0 if r["x"] <= x <= r["x"] + r["w"] else 1)
EOF
  # And pinched in: two rows again.
  gesture pinch "$x" "$y" 320 160 400 &&
    wait_until 120 'settled hpinch2 && lanes_are hpinch2 2' &&
    echo "  rows 1 → 2 pinching in"
}

check "a wall in rows on a wide bar, from the configuration file" ticker_starts
check "the ticker's photos on the console, each where get-state says" photos_on_ticker
check "a tap selects the tile under the finger" ticker_tap_selects
check "a drag sideways moves the wall by the finger's travel" ticker_drag_scrolls
check "a fling sideways continues after the finger lifts" ticker_fling_continues
check "a two-finger pinch changes the rows about the fingers" ticker_pinch_changes_rows
check "left alone, the ticker drifts sideways" ticker_drifts
check "a touch stops the drift" ticker_touch_stops
check "at the end the ticker rests and glides back to the start" ticker_turns_at_the_end
check "no crash, and SIGTERM exits 0" sigterm_exits_0
