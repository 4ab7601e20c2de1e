# The display device, sourced by script/dev/kiosk-vm (run it with --second-display): card0 has
# outputs but no screen on them and the screen is on card1, as on a Pi 4/5 or a laptop with two
# GPUs. cascade must say in its log it took card1 and why, and the wall must be on the screen.

# devices_arranged — the VM is as the suite needs it: card0's outputs disconnected, card1's connected.
devices_arranged() {
  guest 'for c in /sys/class/drm/card[0-9]; do echo "$(basename "$c") $(basename "$(readlink -f "$c/device/driver")")"; done
    for s in /sys/class/drm/card*-*/status; do echo "$(basename "${s%/status}") $(cat "$s")"; done' >"$dir/cards.txt" || return 1
  sed 's/^/  /' "$dir/cards.txt"
  grep -qx 'card0 virtio-pci' "$dir/cards.txt" && grep -qx 'card1 bochs-drm' "$dir/cards.txt" &&
    ! grep -q '^card0-.* connected$' "$dir/cards.txt" && grep -q '^card1-.* connected$' "$dir/cards.txt"
}

# device_chosen — cascade's one line on the device names card1, its connected output, and why
# not card0.
device_chosen() {
  start_cascade >/dev/null && wait_log 900 'first full screen' || return 1
  grep 'display device' "$dir/cascade.log" | sed 's/^/  /'
  # Connectors of a type are numbered across cards: the VGA's is Virtual-2 here.
  grep -q 'display device card1 (bochs-drm): Virtual-[0-9]* connected [0-9]*x[0-9]*; card0 (virtio_gpu) has no connected output' "$dir/cascade.log"
}

photos_on_card1() {
  wait_until 300 'wall_on_screen devices' || { cat "$dir/devices.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/devices.txt" | sed 's/^/  /'
}

# named_without_screen_fails — naming card0, which has no screen, is a clear error and a
# failed start, not a black screen.
named_without_screen_fails() {
  sigterm_exits_0 >/dev/null || return 1
  start_cascade --drm-device card0 >/dev/null || return 1
  # wait_until gives up when cascade exits between its looks: here the exit is the point.
  wait_until 300 '! alive' || true
  ! alive || return 1
  sed 's/^/  /' "$dir/cascade.log"
  [ "$(cat "$dir/cascade.rc")" != 0 ] && grep -q 'drm device card0: card0 (virtio_gpu) has no connected output; card1 (bochs-drm) has one' "$dir/cascade.log"
}

# named_by_path_works — the by-path link to card1 is followed to it.
named_by_path_works() {
  local link
  link=$(guest 'for l in /dev/dri/by-path/*-card; do [ "$(readlink -f "$l")" != /dev/dri/card1 ] || echo "$l"; done') && [ -n "$link" ] || return 1
  start_cascade --drm-device "$link" >/dev/null && wait_log 900 'first full screen' || return 1
  grep 'display device' "$dir/cascade.log" | sed 's/^/  /'
  grep -q "display device card1 (bochs-drm): Virtual-[0-9]* connected" "$dir/cascade.log" && grep -qF "as named ($link)" "$dir/cascade.log" &&
    sigterm_exits_0
}

check "devices: card0 has no screen connected, card1 has" devices_arranged
check "devices: the log names card1 and why not card0" device_chosen
check "devices: photos on the screen of card1" photos_on_card1
check "devices: --drm-device card0 (no screen) is an error, not a black screen" named_without_screen_fails
check "devices: --drm-device by-path link to card1 shows the wall there" named_by_path_works
