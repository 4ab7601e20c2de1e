# The kiosk unit under a real systemd, sourced by script/dev/kiosk-vm
# (`script/dev/kiosk-vm --systemd systemd`): cascade installed as README.md's "On a kiosk" installs
# it, started by systemd at boot, checked as its owner would — systemctl, journalctl, the control
# socket, the screen — with the unit's sandbox, READY=1 and its watchdog all in force.

kiosk_unit=cascade-kiosk.service

# unit_show PROPERTY — a property of the running unit, as `systemctl show` gives it.
unit_show() { guest "systemctl show $kiosk_unit --property=$1 --value"; }

# dpms — the kernel's DPMS state of the console's connector: On or Off.
dpms() { guest 'cat /sys/class/drm/card0-*/dpms | head -1'; }

# running_again RESTARTS — systemd restarted the unit more than RESTARTS times in all, it is
# active again (READY=1 came) and its wall is on the screen.
running_again() {
  [ "$(unit_show NRestarts)" -gt "$1" ] && [ "$(unit_show ActiveState)" = active ] && wall_on_screen "$2"
}

starts_at_boot() {
  wait_log 900 'first full screen' && wait_until 300 'wall_on_screen boot' || {
    cat "$dir/boot.txt"; guest "systemctl show -p MemoryDenyWriteExecute,DropInPaths,ActiveState $kiosk_unit"; return 1; }
  sed 's/^/  /' "$dir/boot.txt"
  # On tty1, which getty gave up (Conflicts=): no login prompt under the wall.
  [ "$(guest "systemctl is-active getty@tty1.service")" != active ]
}

status_shows_ready() {
  local status
  status=$(guest "SYSTEMD_COLORS=0 systemctl status --no-pager --lines=0 $kiosk_unit") || return 1
  sed 's/^/  /' <<<"$status" | head -8
  # Type=notify: "active (running)" only after READY=1; the Status: line is cascade's STATUS=.
  grep -q 'Active: active (running)' <<<"$status" && grep -q 'Status: "' <<<"$status" &&
    [ -n "$(unit_show StatusText)" ]
}

watchdog_restarts_a_hang() {
  local restarts pid
  restarts=$(unit_show NRestarts) pid=$(unit_show MainPID)
  # A frame loop that stops sending WATCHDOG=1: the whole process stopped.
  guest "kill -STOP $pid" >/dev/null || return 1
  wait_until 300 "[ \$(unit_show NRestarts) -gt $restarts ]" || return 1
  guest "journalctl --no-pager -u $kiosk_unit | grep -i 'watchdog timeout'" | sed 's/^/  /' | tail -1
  guest "journalctl --no-pager -u $kiosk_unit | grep -qi 'watchdog timeout'" &&
    wait_until 600 "running_again $restarts watchdog" &&
    echo "  restarted: NRestarts $restarts → $(unit_show NRestarts), pid $pid → $(unit_show MainPID)," \
      "console keyboard mode $(console_keyboard)" &&
    # The new cascade has the console's keyboard to itself again.
    [ "$(console_keyboard)" = 4 ]
}

crash_restarts() {
  local restarts pid
  restarts=$(unit_show NRestarts) pid=$(unit_show MainPID)
  guest "kill -SEGV $pid" >/dev/null &&
    wait_until 600 "running_again $restarts crashed" &&
    echo "  SIGSEGV: NRestarts $restarts → $(unit_show NRestarts), pid $pid → $(unit_show MainPID)"
}

# columns_are N NAME — get-state says N columns.
columns_are() { state "$2" && [ "$(json "$dir/$2.json" 'd["columns"]')" = "$1" ]; }

# console_keyboard — tty1's keyboard mode (KDGKBMODE): 4 is K_OFF, muted while cascade has the
# console (keys reach cascade through evdev, not the VT: no typing behind the wall and no
# Ctrl+Alt+F2 to a login prompt); 3 is K_UNICODE, the VT's own.
console_keyboard() {
  guest "python3 -c 'import array, fcntl, os; a = array.array(\"i\", [0]); fcntl.ioctl(os.open(\"/dev/tty1\", os.O_RDONLY | os.O_NOCTTY), 0x4B44, a); print(a[0])'"
}

reload_applies_configuration() {
  local pid keyboard reloads
  pid=$(unit_show MainPID) keyboard=$(console_keyboard)
  reloads=$(grep -c 'SIGHUP: reloading' "$dir/cascade.log")
  guest "printf 'attract-after = 600\ncolumns = 2\n' >/etc/cascade/cascade.toml && systemctl reload $kiosk_unit" &&
    wait_until 300 'columns_are 2 reloaded' || return 1
  # Settled: active again (READY=1 after RELOADING=1), and nothing more arrives after it.
  wait_until 120 '[ "$(unit_show ActiveState)" = active ]' && settled reloaded || return 1
  reloads=$(($(grep -c 'SIGHUP: reloading' "$dir/cascade.log") - reloads))
  echo "  columns = 2 after systemctl reload, same process: $pid → $(unit_show MainPID); reloads: $reloads;" \
    "console keyboard mode $keyboard → $(console_keyboard)"
  [ "$(unit_show MainPID)" = "$pid" ] && [ "$reloads" = 1 ] && [ "$keyboard" = 4 ] && [ "$(console_keyboard)" = 4 ]
}

# A mistake in the file: reported as an error in the journal, the running settings kept.
journal_has_levels() {
  local errors infos raw
  guest "printf 'columns = true\n' >/etc/cascade/cascade.toml && systemctl reload $kiosk_unit" >/dev/null &&
    wait_until 300 "guest \"journalctl --no-pager -u $kiosk_unit -p err -o cat | grep -q cascade.toml\"" || return 1
  errors=$(guest "journalctl --no-pager -u $kiosk_unit -p err -o cat | grep cascade.toml | tail -1")
  infos=$(guest "journalctl --no-pager -u $kiosk_unit -p info..info -o cat | grep -c 'first full screen'")
  # No level prefix left in the text: the journal took it as the priority.
  raw=$(guest "journalctl --no-pager -u $kiosk_unit -o cat | grep -c '^<[0-7]>'")
  echo "  at priority err: $errors"
  echo "  'first full screen' at priority info: $infos times; lines with a <N> prefix left: $raw"
  [ "$infos" -ge 1 ] && [ "$raw" = 0 ] &&
    ! guest "journalctl --no-pager -u $kiosk_unit -p info..info -o cat | grep -q cascade.toml" &&
    columns_are 2 kept && [ "$(unit_show ActiveState)" = active ]
}

cache_is_written() {
  local files
  files=$(guest 'cd /var/cache/cascade && find . -type f | sort') || return 1
  echo "  /var/cache/cascade: $(grep -c '^./thumbnails/' <<<"$files") thumbnails, $(grep -c '^./mesa_shader_cache/' <<<"$files") files of Mesa's shader cache, $(grep -vE '^./(thumbnails|mesa_shader_cache)/' <<<"$files" | tr '\n' ' ')"
  grep -q '^./cascade/library.sqlite3$' <<<"$files" && grep -q '^./thumbnails/' <<<"$files" &&
    ! grep -qiE 'read-only file system|disk I/O error|permission denied' "$dir/cascade.log"
}

# On-select, writing where the sandbox lets the service write (its runtime folder), set up as an
# owner does: in the configuration file, then a restart (the command is read at start).
on_select_and_touch_work() {
  local index x y
  guest "printf '%s\n' 'attract-after = 600' 'columns = 2' \
      'on-select = \"sh -c '\"'\"'echo \\\"\$CASCADE_PATH\\\" >>/run/cascade/selected.txt'\"'\"'\"' \
      >/etc/cascade/cascade.toml && cat /etc/cascade/cascade.toml && systemctl restart $kiosk_unit" | sed 's/^/  /' || return 1
  # The touch screen is made while cascade runs: it must reach cascade through udev's netlink.
  input_devices_up && wait_until 600 'settled touch' || return 1
  read -r index x y < <(tile_at touch)
  gesture tap "$x" "$y" &&
    wait_until 120 "guest 'test -s /run/cascade/selected.txt'" || return 1
  local selected path
  selected=$(guest 'cat /run/cascade/selected.txt')
  path=$(json "$dir/touch.json" "[t['path'] for t in d['visible'] if t['index'] == $index][0]")
  echo "  a tap on tile $index at $x,$y ran on-select with $selected"
  [ "$selected" = "$path" ] && wait_until 120 'mode_is tapped detail'
}

screen_power() {
  ctl screen off >/dev/null && wait_until 120 '[ "$(dpms)" = Off ]' || { echo "  DPMS: $(dpms)"; return 1; }
  echo "  screen off: connector DPMS $(dpms)"
  ctl screen on >/dev/null && wait_until 120 '[ "$(dpms)" = On ]' && echo "  screen on: connector DPMS $(dpms)"
}

# photo_count_is N NAME — get-state says N photos.
photo_count_is() { state "$2" && [ "$(json "$dir/$2.json" 'd["count"]')" = "$1" ]; }

# inotify through the sandbox: a photo copied into the folder appears, and goes when deleted.
photo_comes_and_goes() {
  local before
  state before-copy && before=$(json "$dir/before-copy.json" 'd["count"]') || return 1
  guest "cp /srv/photos/$(basename "$(ls "$photos"/*.jpg | head -1)") /srv/photos/copied-in.jpg" >/dev/null &&
    wait_until 300 "photo_count_is $((before + 1)) copied" &&
    guest 'rm /srv/photos/copied-in.jpg' >/dev/null &&
    wait_until 300 "photo_count_is $before removed" &&
    echo "  photos: $before → $((before + 1)) → $before"
}

exposure_is_low() {
  local line
  line=$(guest "systemd-analyze security $kiosk_unit --no-pager | tail -1") || return 1
  echo "  $line"
  python3 -c "import re, sys; sys.exit(0 if float(re.search(r'level for \S+: ([0-9.]+)', sys.argv[1]).group(1)) <= 2.0 else 1)" "$line"
}

stop_is_clean() {
  guest "systemctl stop $kiosk_unit" >/dev/null || return 1
  local result
  result="$(unit_show Result) $(unit_show ExecMainCode) $(unit_show ExecMainStatus)"
  echo "  Result, ExecMainCode, ExecMainStatus: $result"
  # Exited (code 1) with status 0 after SIGTERM: not killed after TimeoutStopSec.
  [ "$result" = "success 1 0" ]
}

check "systemd starts the unit at boot and it shows the photos on tty1" starts_at_boot
check "systemctl status: active (running) after READY=1, cascade's status line" status_shows_ready
check "the cache folder holds thumbnails and the photo index" cache_is_written
check "systemctl reload applies a changed file once; the console keyboard stays muted" reload_applies_configuration
check "the journal has cascade's levels; a bad file keeps the settings" journal_has_levels
check "the control socket turns the screen's power off and on" screen_power
check "a photo copied into /srv/photos appears, and goes when deleted" photo_comes_and_goes
check "a touch screen plugged in selects a tile and runs on-select" on_select_and_touch_work
check "the watchdog restarts a hung cascade" watchdog_restarts_a_hang
check "a crash restarts it" crash_restarts
check "systemd-analyze security: exposure 2.0 or below" exposure_is_low
check "systemctl stop: SIGTERM, exit status 0" stop_is_clean
