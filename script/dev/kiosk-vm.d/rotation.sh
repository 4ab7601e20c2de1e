# A screen on its side, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm rotation`): cascade
# with `rotate = 90` and then `rotate = 270` on the console, which cannot turn the picture itself.
# The wall must be laid out portrait (get-state's width and height the screen's swapped), every
# tile get-state lists must show its photo on the screendump once turned back (screen.py), and a
# tap through the uinput touch screen at a point of the screen must select the tile drawn there.

# to_screen NAME X Y — "x y": a point of the upright picture in DIR/NAME.json, on the screen.
to_screen() {
  python3 - "$dir/$1.json" "$2" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); x, y = float(sys.argv[2]), float(sys.argv[3])
w, h = d["width"], d["height"]
turned = {0: (x, y), 90: (h - y, x), 180: (w - x, h - y), 270: (y, w - x)}[d["rotate"]]
print(*(round(v) for v in turned))
PY
}

# rotated_wall DEGREES — cascade turned DEGREES, its wall portrait and on screen.
rotated_wall() {
  local screen_w screen_h
  # Two columns: a portrait wall of the default's one column would hold too few tiles to judge.
  input_devices_up && fresh_cascade "rotate = $1
columns = 2
attract-after = 600" && wait_until 300 "settled rot$1" || return 1
  screen_w=$(guest 'for s in /sys/class/drm/card*-*/status; do [ "$(cat "$s")" = connected ] && head -1 "${s%status}modes" && break; done')
  screen_h=${screen_w#*x} screen_w=${screen_w%x*}
  echo "  screen ${screen_w}x${screen_h}, get-state: rotate $(json "$dir/rot$1.json" 'd["rotate"]'), wall $(json "$dir/rot$1.json" 'round(d["width"]), round(d["height"])')"
  [ "$(json "$dir/rot$1.json" 'd["rotate"]')" = "$1" ] &&
    [ "$(json "$dir/rot$1.json" 'round(d["width"])')" = "$screen_h" ] &&
    [ "$(json "$dir/rot$1.json" 'round(d["height"])')" = "$screen_w" ] || return 1
  wait_until 300 "wall_on_screen rot$1-shot" || { cat "$dir/rot$1-shot.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/rot$1-shot.txt" | sed 's/^/  /'
}

# rotated_tap DEGREES — a finger at the screen point where a tile is drawn selects that tile.
rotated_tap() {
  local index x y sx sy
  read -r index x y < <(tile_at "rot$1")
  read -r sx sy < <(to_screen "rot$1" "$x" "$y")
  gesture tap "$sx" "$sy" && wait_until 120 "[ \$(event_count selected) -ge 1 ]" || return 1
  events | grep '"event":"selected"' | tail -1 >"$dir/rot$1-tap.json"
  echo "  tapped the screen at $sx,$sy (the picture's $x,$y, tile $index): selected $(json "$dir/rot$1-tap.json" 'd["index"]')"
  [ "$(json "$dir/rot$1-tap.json" 'd["index"]')" = "$index" ] && wait_until 120 "mode_is rot$1-tapped detail"
}

# rotated_swipe DEGREES — in the photo view, a finger moving right to left on the picture (not on
# the screen) shows the next photo.
rotated_swipe() {
  local first w h x0 y0 x1 y1
  first=$(json "$dir/rot$1-tapped.json" 'd["selected"]')
  w=$(json "$dir/rot$1-tapped.json" 'int(d["width"])') h=$(json "$dir/rot$1-tapped.json" 'int(d["height"])')
  read -r x0 y0 < <(to_screen "rot$1-tapped" $((w * 8 / 10)) $((h / 2)))
  read -r x1 y1 < <(to_screen "rot$1-tapped" $((w * 2 / 10)) $((h / 2)))
  gesture drag "$x0" "$y0" "$x1" "$y1" 250 && wait_until 120 "selected_is rot$1-swiped $((first + 1))" &&
    echo "  swiped the screen from $x0,$y0 to $x1,$y1: photo $first → $((first + 1))"
}

check "rotation: rotate = 90, the wall portrait and every tile showing its photo" rotated_wall 90
check "rotation: at 90 a tap selects the tile drawn under the finger" rotated_tap 90
check "rotation: at 90 a swipe leftwards on the picture shows the next photo" rotated_swipe 90
check "rotation: rotate = 270, the wall portrait and every tile showing its photo" rotated_wall 270
check "rotation: at 270 a tap selects the tile drawn under the finger" rotated_tap 270
check "rotation: no crash, and SIGTERM exits 0" sigterm_exits_0
