# The wall on the console, sourced by script/dev/kiosk-vm: cascade started as the
# kiosk unit starts it, on kmsdrm; photos on the screen before and after a scroll, a photo
# opened and closed, column changes and the attract drift without a crash, and SIGTERM exiting
# with status 0. Each check waits on cascade's log or its state, never on a fixed time.

console_starts() {
  start_cascade >/dev/null &&
    wait_log 900 'first full screen' &&
    grep -q 'video driver KMSDRM' "$dir/cascade.log" &&
    grep 'first full screen\|video driver\|first frame with tiles' "$dir/cascade.log" | sed 's/^/  /'
}

photos_on_console() {
  wait_until 300 'wall_on_screen first' || { cat "$dir/first.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/first.txt" | sed 's/^/  /'
}

photos_after_scroll() {
  local before after
  before=$(json "$dir/first.json" '[t["index"] for t in d["visible"]][0]')
  ctl scroll-to '{"offset": 900, "animated": true}' >/dev/null &&
    wait_until 300 'wall_on_screen scrolled' || { cat "$dir/scrolled.txt" 2>/dev/null; return 1; }
  after=$(json "$dir/scrolled.json" '[t["index"] for t in d["visible"]][0]')
  tail -1 "$dir/scrolled.txt" | sed 's/^/  /'
  # Other photos than before: the wall really moved.
  [ "$before" != "$after" ] && [ "$(json "$dir/scrolled.json" 'd["offset"] > 0')" = True ]
}

photo_opens_and_closes() {
  local index path
  index=$(json "$dir/scrolled.json" '[t["index"] for t in d["visible"]][1]')
  path=$(json "$dir/scrolled.json" "[t['path'] for t in d['visible'] if t['index'] == $index][0]")
  ctl open "$index" >/dev/null &&
    wait_until 300 "state opened && [ \"\$(json '$dir/opened.json' 'd[\"mode\"]')\" = detail ]" &&
    wait_until 300 "ctl get-stats >'$dir/opened.stats.json' && [ \"\$(json '$dir/opened.stats.json' 'd[\"decodeQueue\"]')\" = 0 ] && screenshot opened && python3 '$here/script/dev/kiosk-vm.d/screen.py' detail '$dir/opened.ppm' '$path' >'$dir/opened.txt'" ||
    { cat "$dir/opened.txt" 2>/dev/null; return 1; }
  sed 's/^/  /' "$dir/opened.txt"
  ctl close >/dev/null &&
    wait_until 300 "state closed && [ \"\$(json '$dir/closed.json' 'd[\"mode\"]')\" = wall ]" &&
    alive
}

columns_change() {
  ctl set-columns 2 >/dev/null &&
    wait_until 300 "settled two && [ \"\$(json '$dir/two.json' 'd[\"columns\"]')\" = 2 ]" &&
    wait_until 300 'wall_on_screen two' || { cat "$dir/two.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/two.txt" | sed 's/^/  /'
  ctl set-columns 5 >/dev/null &&
    wait_until 300 "settled five && [ \"\$(json '$dir/five.json' 'd[\"columns\"]')\" = 5 ]" &&
    ctl set-columns auto >/dev/null && alive
}

attract_drifts() {
  # As an owner would: a shorter wait in /etc/cascade/cascade.toml, then `systemctl reload`
  # (the unit's ExecReload= is SIGHUP). get-state does not count as input, so it does not stop
  # the drift it watches.
  local from
  guest "echo 'attract-after = 5' >/etc/cascade/cascade.toml && kill -HUP \$(pgrep -o -x cascade)" >/dev/null &&
    state drift0 && from=$(json "$dir/drift0.json" 'd["offset"]') || return 1
  # Without a starting offset the comparison below would hold for any wall scrolled 50 px.
  [ -n "$from" ] || return 1
  wait_until 300 "state drift && python3 -c 'import json,sys; sys.exit(0 if json.load(open(\"$dir/drift.json\"))[\"offset\"] > $from + 50 else 1)'" &&
    echo "  offset $from → $(json "$dir/drift.json" 'd["offset"]')" && alive
}

check "cascade starts on the console (kmsdrm) as the kiosk unit starts it" console_starts
check "photos on the console" photos_on_console
check "photos on the console after a scroll" photos_after_scroll
check "a photo opens and closes (open and close on the control socket)" photo_opens_and_closes
check "column changes (set-columns on the control socket)" columns_change
check "the attract drift moves the wall" attract_drifts
check "no crash, and SIGTERM exits 0" sigterm_exits_0
