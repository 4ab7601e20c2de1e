# Touch on a console where libinput cannot start, sourced by script/dev/kiosk-vm
# (`script/dev/kiosk-vm no-libinput`): a file that is no library stands first on cascade's
# LD_LIBRARY_PATH as libinput.so.10, so its load fails as on a machine without libinput. cascade
# says so in one warning and takes the touches SDL reads through evdev instead, as the README
# promises. SDL stamps those when the loop reads them, so a finger is held (a mark) rather than
# tapped, where TCG's slow frames could stretch a tap past the long-press time.

# In the guest's /run: the run's folder is root's alone, and the unit's user must read it.
guest 'mkdir -p /run/no-libinput && echo "not a library" >/run/no-libinput/libinput.so.10 &&
  chmod -R a+rX /run/no-libinput' >/dev/null
extra_env="$extra_env LD_LIBRARY_PATH=/run/no-libinput"

fallback_starts() {
  input_devices_up && fresh_cascade 'attract-after = 600' && wait_until 300 'settled n0' || return 1
  grep -m1 'libinput could not start' "$dir/cascade.log" | sed 's/^/  /'
  grep -q 'libinput could not start' "$dir/cascade.log" && ! grep -q 'read through libinput' "$dir/cascade.log"
}

marked_is() { state "$1" && [ "$(json "$dir/$1.json" '",".join(str(m["index"]) for m in d["marked"])')" = "$2" ]; }

# SDL opens the touch screen when udev announces it to SDL's own monitor, and nothing says when
# (after the cec suite, udev can be seconds behind): the finger is held again until a hold lands.
fallback_hold_marks() {
  local index x y start=$SECONDS
  ctl mark-clear >/dev/null || return 1
  read -r index x y < <(tile_at n0)
  until marked_is n-marked "$index"; do
    if ((SECONDS - start >= 180)); then
      log "no hold was seen through SDL in 180 s"
      gesture tap "$x" "$y" && { wait_until 10 '[ "$(event_count selected)" -gt 0 ]' || true; } &&
        log "a tap at $x,$y then: $(events | tail -3 | tr '\n' ' ')"
      return 1
    fi
    gesture hold "$x" "$y" 1500 || return 1
    wait_until 10 "marked_is n-marked $index" ||
      log "held at $x,$y for tile $index; marked: $(json "$dir/n-marked.json" '[m["index"] for m in d["marked"]]')"
  done
  echo "  a finger held at $x,$y marked tile $index after $((SECONDS - start)) s"
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
  # SDL's touches are the finger's points as evdev reports them: the wall follows within a few
  # pixels (the last motion before the lift may be read a frame late).
  local d=$((after - before - height / 2))
  ((d >= -8 && d <= 8))
}

check "without libinput: one warning, and touches through SDL" fallback_starts
check "without libinput: a finger held on a tile marks it" fallback_hold_marks
check "without libinput: a drag scrolls by the finger's travel" fallback_drag_scrolls
check "no crash, and SIGTERM exits 0" sigterm_exits_0
