# Console figures for BENCHMARKS, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm bench`,
# with `--env SDL_RENDER_DRIVER=software|opengl|opengles2` for each renderer): cascade's CPU while
# the wall is at rest, the frames of a touch fling, and the CPU of a slideshow that changes photo
# every three seconds. Under TCG the VM runs ~20× slower than the host, so the figures compare
# renderers and releases on this VM; they are not a Pi's. Every check passes when it measured.

renderer_named() {
  wait_log 900 'video driver' || return 1
  sed -n 's/.*\(video driver .*\), texture budget.*/  \1/p' "$dir/cascade.log" | tail -1
}

# frames_between A B — the moving frames between two get-stats answers, and the frame work of the
# last 600 frames (the loop draws only while something moves, so those are the gesture's).
frames_between() {
  python3 - "$dir/$1.json" "$dir/$2.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
print(f"  {b['movingFrames'] - a['movingFrames']} moving frames, {b['lateFrames'] - a['lateFrames']} late; "
      f"frame work p50 {b['frameWorkMs']['p50']:.1f} ms, p99 {b['frameWorkMs']['p99']:.1f} ms; "
      f"present p99 {b['presentMs']['p99']:.1f} ms")
PY
}

wall_at_rest() {
  input_devices_up >/dev/null && fresh_cascade 'attract-after = 600' && renderer_named &&
    wait_until 300 'settled rest' || return 1
  echo "  the wall at rest: $(cpu_percent 20) % CPU over 20 s"
}

fling_frames() {
  local width height
  ctl scroll-to '{"offset": 0}' >/dev/null && wait_until 120 'settled fling0' || return 1
  width=$(json "$dir/fling0.json" 'int(d["width"])') height=$(json "$dir/fling0.json" 'int(d["height"])')
  ctl get-stats >"$dir/fling-a.json" &&
    # Half the screen in 120 ms, lifted while moving: the wall coasts on.
    gesture drag $((width / 2)) $((height * 7 / 8)) $((width / 2)) $((height * 3 / 8)) 120 &&
    wait_until 120 'settled fling1' && ctl get-stats >"$dir/fling-b.json" || return 1
  echo "  a fling of $(($(offset fling1) - $(offset fling0))) px:"
  frames_between fling-a fling-b
}

slideshow_cpu() {
  fresh_cascade $'slideshow = true\ninterval = 3\ntransition-ms = 1000' 'slideshow:' &&
    wait_until 600 '[ "$(event_count shown)" -gt 1 ]' || return 1
  ctl get-stats >"$dir/slides-a.json" || return 1
  local before cpu
  before=$(event_count shown)
  cpu=$(cpu_percent 30) && ctl get-stats >"$dir/slides-b.json" || return 1
  echo "  a slideshow every 3 s with 1 s crossfades: $cpu % CPU over 30 s ($(($(event_count shown) - before)) photos shown)"
  frames_between slides-a slides-b
}

check "bench: CPU with the wall at rest" wall_at_rest
check "bench: a touch fling's frames" fling_frames
check "bench: CPU of a slideshow's transitions" slideshow_cpu
