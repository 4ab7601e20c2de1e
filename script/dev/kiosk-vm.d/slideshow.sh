# The photo frame on the console, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm slideshow`): cascade
# started in the slideshow by its configuration file, as a frame's owner sets it up, shows photo
# after photo through DRM, each where get-state says and upright; a swipe on the kernel's touch
# device steps, a tap pauses and goes on; between transitions it draws nothing and sleeps.

slideshow_starts() {
  input_devices_up >/dev/null &&
    fresh_cascade $'slideshow = true\ninterval = 15\ntransition-ms = 20000\nslideshow-caption = "name"' 'slideshow:' &&
    wait_until 600 'shown_after 1' && mode_is slide1 slideshow || return 1
  echo "  $(events | grep -c '"event":"shown"') photos shown: $(events | grep '"event":"shown"' | tail -1)"
  wait_until 120 'photo_on_screen slide1' && cat "$dir/slide1.txt"
}

swipe_steps_and_tap_pauses() {
  local before width height
  width=$(json "$dir/slide1.json" 'int(d["width"])') height=$(json "$dir/slide1.json" 'int(d["height"])')
  before=$(event_count shown)
  gesture drag $((width * 8 / 10)) $((height / 2)) $((width * 2 / 10)) $((height / 2)) 250 &&
    wait_until 300 "shown_after $before" || return 1
  echo "  a swipe showed the next photo ($before → $(event_count shown) shown)"
  gesture tap $((width / 2)) $((height / 2)) &&
    wait_until 120 "state paused && [ \"\$(json '$dir/paused.json' 'd[\"slideshow\"][\"paused\"]')\" = True ]" &&
    gesture tap $((width / 2)) $((height / 2)) &&
    wait_until 120 "state resumed && [ \"\$(json '$dir/resumed.json' 'd[\"slideshow\"][\"paused\"]')\" = False ]" &&
    echo "  a tap paused it, another went on"
}

# The VM's round trips take seconds, so the wait for the quiet spell and the measurement run in
# one guest command: once get-state says the next slide is decoded (its decode starts when this
# slide's fade is over), what the loop did over 5 s — asleep but for the first get-stats that
# woke it, and the one frame every request still draws while the screen is on (nothing else). A measurement that saw a slide change anyway is thrown away and taken
# again in the next slide's quiet spell. The CPU share is printed, not judged (TCG).
idle_between_transitions() {
  local try before frames rests cpu
  # A minute a slide while measuring: under TCG the next slide's decode and mat take most of
  # the 15 s, leaving no quiet spell of 5 s.
  ctl slideshow-interval 60 >/dev/null || return 1
  for try in 1 2 3; do
    before=$(event_count shown)
    wait_until 300 "shown_after $before" || return 1
    before=$(event_count shown)
    read -r frames rests cpu < <(loop_quiet 5 "i=0; until /usr/local/bin/cascade ctl --socket $(control_socket) get-state | grep -Eq '\"nextReady\": ?true'; do
        i=\$((i + 1)); [ \$i -lt 60 ] || exit 1; sleep 0.2; done")
    [ -n "$rests" ] || return 1
    # The events reach the host's file a moment after they happen.
    sleep 1
    if [ "$(event_count shown)" = "$before" ]; then
      echo "  between transitions (5 s, the next slide decoded): $frames frames drawn, the loop woke $rests times, $cpu % CPU"
      ctl slideshow-interval 15 >/dev/null
      [ "$frames" -le 1 ] && [ "$rests" -le 2 ]
      return
    fi
    echo "  a slide changed while measuring ($frames frames); measured again"
  done
  return 1
}

# next_decoded NAME — get-state says the slide after this one is decoded: its decode starts when
# this slide's fade is over.
next_decoded() { state "$1" && [ "$(json "$dir/$1.json" 'd["slideshow"].get("nextReady")')" = True ]; }

# A crossfade on the console is a fade, not a cut: between the two photos the screen shows mixes
# of them — every region the same blend of both, neither photo alone — and more than one (a cut
# shows none). Screenshots are taken back to back through QEMU's monitor from before the step
# until the fade is over (screen.py burst); screen.py mixes counts the blends between the first
# (the old slide alone) and the last (the new one). Other frames drawn meanwhile (a request's,
# a decode's) are not mixes and do not count. The stats' figures (how many frames, how long
# each took, how many late) are printed; no verdict rests on their times.
# The fade lasts 20 s here (the suite's transition-ms; 7.5 s, half the interval, in the checks
# before): under TCG llvmpipe's floating-point pixel work is emulated, and presenting one 800×480
# frame took 1 to 3.7 s, so a fade of a second or three was over before its second frame — a
# cut on this VM, not on a real screen. A 9 s fade showed two blends under the screenshots.
crossfade_frames() {
  local before burst ok=0
  # No timed step meanwhile: the one measured is asked for once the screenshots have begun,
  # with the next slide decoded so that its fade starts at once.
  ctl slideshow-interval 60 >/dev/null && wait_until 300 'next_decoded fade-ready' || return 1
  rm -f "$dir/fade.stop" "$dir/fade.samples"
  python3 "$here/script/dev/kiosk-vm.d/screen.py" burst "$dir/monitor.sock" "$dir/fade.ppm" "$dir/fade.stop" "$dir/fade.samples" &
  burst=$!
  if wait_until 120 "[ -s '$dir/fade.samples' ]" && ctl get-stats >"$dir/fade0.json" && before=$(event_count shown) &&
    ctl slideshow next >/dev/null && wait_until 300 "shown_after $before" && wait_until 300 'next_decoded faded' &&
    ctl get-stats >"$dir/fade1.json"; then
    ok=1
  fi
  touch "$dir/fade.stop"
  wait "$burst" || ok=0
  ctl slideshow-interval 15 >/dev/null
  [ "$ok" = 1 ] || return 1
  python3 - "$dir/fade0.json" "$dir/fade1.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
print(f"  the crossfade's figures: {b['movingFrames'] - a['movingFrames']} moving frames, {b['lateFrames'] - a['lateFrames']} late; "
      f"frame work p50 {b['frameWorkMs']['p50']:.1f} ms, p99 {b['frameWorkMs']['p99']:.1f} ms; "
      f"present p99 {b['presentMs']['p99']:.0f} ms")
PY
  python3 "$here/script/dev/kiosk-vm.d/screen.py" mixes "$dir/fade.samples"
}

check "the slideshow starts from the configuration and shows photos" slideshow_starts
check "a swipe steps to the next photo, a tap pauses and goes on" swipe_steps_and_tap_pauses
check "between transitions the slideshow draws nothing and sleeps" idle_between_transitions
check "a crossfade is drawn as a fade, frame by frame (and its figures)" crossfade_frames
check "no crash, and SIGTERM exits 0" sigterm_exits_0
