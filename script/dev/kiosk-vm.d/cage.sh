# cascade as the one client of cage, the Wayland kiosk compositor, sourced by script/dev/kiosk-vm
# (`script/dev/kiosk-vm cage`): cage on the VM's DRM device with the uinput touch screen and
# keyboard as its seat (seatd, as no logind runs here; wlroots' pixman renderer, the VM having no
# GPU; QEMU's virtio VGA, whose driver imports PRIME buffers as wlroots 0.15 requires), run as
# the unit's user — cage refuses root — with cascade as its client through SDL's Wayland driver.
# LIBGL_ALWAYS_SOFTWARE: Mesa's software GL hands the compositor shared-memory buffers, the only
# kind wlroots' pixman renderer shows (with a GPU both sides use the GPU's buffers).
# Photos, a held finger, keys, the screen's power (a black window: cage offers no output power
# protocol) and SIGTERM ending cascade and cage with it. A full-screen cascade keeps SDL from
# switching to libdecor when cage asks clients to draw their own decorations (Window.swift): with
# it, the window was hidden and never shown again, a black screen.

cage_xdg=/run/cage-xdg

# cage_start — seatd, then cage as the unit's user with cascade in it; the log and exit status
# as start_cascade keeps them.
cage_start() {
  local user group
  user=$(unit_value User) group=$(unit_value Group)
  input_devices_up >/dev/null || return 1
  if [ -e "$dir/cascade.log" ]; then mv "$dir/cascade.log" "$dir/cascade-before-cage.log"; fi
  rm -f "$dir/cascade.rc"
  guest "install -d -o $user -g $group -m 0700 $cage_xdg
    setsid /usr/sbin/seatd -g video >'$dir/seatd.log' 2>&1 </dev/null &
    for i in \$(seq 1 600); do [ -S /run/seatd.sock ] && break; sleep 0.1; done; cd /
    ( setsid sh -c 'exec env -i PATH=/usr/local/bin:/usr/bin:/bin XDG_RUNTIME_DIR=$cage_xdg WLR_RENDERER=pixman \
        LIBSEAT_BACKEND=seatd SDL_VIDEODRIVER=wayland LIBGL_ALWAYS_SOFTWARE=1 setpriv --reuid=$user --regid=$group --init-groups \
        cage -- /usr/local/bin/cascade --kiosk --attract-after 600 --control $(control_socket) /srv/photos </dev/tty1' \
        >'$dir/cascade.log' 2>&1; echo \$? >'$dir/cascade.rc.tmp'; mv '$dir/cascade.rc.tmp' '$dir/cascade.rc'
    ) >/dev/null 2>&1 &
    echo started" >/dev/null
}

cage_shows_photos() {
  cage_start && wait_log 600 'first full screen' || { tail -20 "$dir/cascade.log"; return 1; }
  grep -E 'video driver' "$dir/cascade.log" | sed 's/^/  /'
  grep -q 'video driver wayland' "$dir/cascade.log" && wait_until 600 'wall_on_screen cage-wall' ||
    { cat "$dir/cage-wall.txt" 2>/dev/null; return 1; }
  tail -1 "$dir/cage-wall.txt" | sed 's/^/  /'
}

# A finger held on a tile marks it, and held again unmarks it: the touch reached cascade through
# cage at the place it landed. Held, not tapped: SDL 2 stamps a Wayland touch when it reads it,
# not with the compositor's time, so under TCG a frame drawn between the landing and the lift
# can stretch a quick tap past the half second of a long press (the console reads the kernel's
# own times through libinput, and its touch suite times taps).
marked_is() { state "$1" && [ "$(json "$dir/$1.json" '",".join(str(m["index"]) for m in d["marked"])')" = "$2" ]; }

cage_touch_marks() {
  local index x y
  wait_until 300 'settled cage-touch' || return 1
  read -r index x y < <(tile_at cage-touch)
  gesture hold "$x" "$y" 1500 && wait_until 120 "marked_is cage-marked $index" &&
    gesture hold "$x" "$y" 1500 && wait_until 120 "marked_is cage-unmarked ''" &&
    echo "  a finger held at $x,$y marked tile $index, held again unmarked it"
}

cage_keys() {
  gesture key KEY_ESC && wait_until 120 'mode_is cage-back wall' &&
    gesture key KEY_RIGHT && gesture key KEY_ENTER && wait_until 120 'mode_is cage-return detail' &&
    gesture key KEY_ESC && wait_until 120 'mode_is cage-esc wall' &&
    echo "  Esc closed the photo, → and Return opened one, Esc closed it"
}

# black NAME — a screenshot with nothing lit.
black() { screenshot "$1" && python3 "$here/script/dev/kiosk-vm.d/screen.py" dark "$dir/$1.ppm"; }

cage_screen_power() {
  ctl screen off >/dev/null && wait_until 120 'black cage-off' || return 1
  echo "  screen off: a black window; the connector's DPMS $(guest 'cat /sys/class/drm/card0-*/dpms | head -1')" \
    "(cage offers no output power protocol)"
  grep 'cannot be powered down here' "$dir/cascade.log" | sed 's/^/  /' | head -1
  ctl screen on >/dev/null && wait_until 300 'wall_on_screen cage-on' && echo "  screen on: the wall again"
}

cage_sigterm() {
  guest 'pkill -TERM -x cascade' >/dev/null || return 1
  wait_until 120 '! alive' || true
  echo "  exit status $(cat "$dir/cascade.rc"); cage: $(guest 'pgrep -x cage || echo gone')"
  [ "$(cat "$dir/cascade.rc")" = 0 ] && [ "$(guest 'pgrep -x cage || echo gone')" = gone ]
}

check "under cage: cascade is its Wayland client and shows the photos" cage_shows_photos
check "under cage: a finger held on a tile marks it, held again unmarks it" cage_touch_marks
check "under cage: keys close and open photos" cage_keys
check "under cage: screen off is a black window, on brings the wall back" cage_screen_power
check "under cage: SIGTERM ends cascade, and cage with it" cage_sigterm
