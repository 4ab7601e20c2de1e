# The kiosk left running for hours under systemd, sourced by script/dev/kiosk-vm
# (`SOAK_MINUTES=240 script/dev/kiosk-vm --systemd --binary .build/release/cascade soak`): the
# unit as installed, a photo frame on the home's MQTT bus whose screen schedule turns it off and
# on every 15 minutes, touches, control-socket and MQTT clients, photos arriving and leaving,
# and the screen unplugged and plugged back once an hour. Too long for CI; docs/reliability.md
# has its figures.
# script/dev/frame-day runs it as a frame's whole day in an hour: cascade's scene clock 24×
# (SOAK_CLOCK_RATE, which cascade reads as CASCADE_CLOCK_RATE), an unplug every 150 s
# (SOAK_UNPLUG_SECONDS), SOAK_FOLDER_CHANGES photos added and removed and SOAK_CLIENTS socket and
# MQTT clients spread over the run.
#
# Every round it samples, from /proc and `get-stats`: resident memory, threads, open files, late
# frames, and whether systemd restarted cascade; from `get-state`, whether the screen is on; the
# slides shown come from a follower of the socket's events. It passes when cascade was never restarted and is still active, every control
# request was answered, and nothing grew without bound: resident memory at the end (median of
# the last tenth of the samples) within 10 % of the warmed-up level (median of the tenth after
# the first fifth), threads and open files at the end no more than two above their most in the
# first half.

soak_minutes=${SOAK_MINUTES:-240}
# Seconds between unplugs (a shorter run for trying the suite out may want them sooner).
soak_unplug_seconds=${SOAK_UNPLUG_SECONDS:-$((${SOAK_UNPLUG_MINUTES:-60} * 60))}
soak_rate=${SOAK_CLOCK_RATE:-1}
# Over the whole run; 0 is one photo in and one out each round, one client each round.
soak_changes=${SOAK_FOLDER_CHANGES:-0}
soak_clients=${SOAK_CLIENTS:-0}
soak_unit=cascade-kiosk.service

# shellcheck source=broker.bash
source "$here/script/dev/kiosk-vm.d/broker.bash"

soak_show() { guest "systemctl show $soak_unit --property=$1 --value"; }

# The schedule: lit 10 minutes of every 15, all day, every day.
soak_schedule() {
  python3 -c "print(', '.join(f'Mon-Sun {m // 60:02d}:{m % 60:02d}-{(m + 10) // 60:02d}:{(m + 10) % 60:02d}' for m in range(0, 1440, 15)))"
}

soak_starts() {
  # The frame on the home's bus (docs/home-assistant.md): a broker in the VM, the unit's drop-in
  # (systemd-boot.bash installs it) and an [mqtt] table.
  broker_up || return 1
  # The scene's clock at the soak's rate: the schedule's spells and the slides come that much
  # sooner; systemd's watchdog and restarts keep real time.
  guest "mkdir -p /etc/systemd/system/$soak_unit.d &&
    printf '[Service]\nEnvironment=CASCADE_CLOCK_RATE=$soak_rate\n' >/etc/systemd/system/$soak_unit.d/soak-clock.conf &&
    systemctl daemon-reload &&
    printf '%s\n' 'slideshow = true' 'interval = 8' 'screen-schedule = \"$(soak_schedule)\"' \
      '[mqtt]' 'url = \"mqtt://frame@127.0.0.1\"' 'password-file = \"/etc/cascade/mqtt-password\"' 'device-id = \"kiosk\"' \
      >/etc/cascade/cascade.toml &&
    systemctl restart $soak_unit" >/dev/null &&
    wait_until 600 "[ \"\$(soak_show ActiveState)\" = active ]" && input_devices_up &&
    wait_until 300 '[ "$(mqtt_availability)" = online ]' || return 1
  # Every slide shown, as a program hears it: the slideshow's place in its round cannot count
  # them while photos keep arriving (they join the round just ahead and leave it again).
  guest "pkill -f 'cascade ctl.*--follow'; setsid /usr/local/bin/cascade ctl --socket $(control_socket) --follow >'$dir/soak-events.log' 2>&1 </dev/null &" >/dev/null
}

# soak_sample ELAPSED — one line of DIR/soak.tsv: seconds, RSS (KiB), threads, open files, late
# frames, systemd's restarts, the screen; fails when the socket does not answer.
soak_sample() {
  local pid proc stats
  pid=$(soak_show MainPID) || return 1
  proc=$(guest "awk '/^VmRSS/ {r = \$2} /^Threads/ {t = \$2} END {print r, t}' /proc/$pid/status; ls /proc/$pid/fd | wc -l") || return 1
  stats=$(ctl get-stats) || return 1
  state soak-state || return 1
  printf '%s %s %s %s %s %s\n' "$1" "$(tr '\n' ' ' <<<"$proc")" \
    "$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["lateFrames"])' "$stats")" \
    "$(soak_show NRestarts)" \
    "$(json "$dir/soak-state.json" 'd["screen"]')" |
    tr -s ' ' >>"$dir/soak.tsv"
}

# soak_clients N — N clients one after another: every other one on the control socket asking
# for the statistics, the rest on the bus reading the frame's availability as Home Assistant
# does when it connects (each a connection of its own, as on the socket).
soak_clients() {
  (($1 > 0)) || return 0
  guest "for i in \$(seq $1); do
      if [ \$((i % 2)) = 0 ]; then
        echo '{\"command\":[\"get-stats\"]}' | socat -t 10 - UNIX-CONNECT:$(control_socket) | grep -q uptime || exit 1
      else
        [ \"\$(mosquitto_sub $mqtt_login -C 1 -W 10 -t $mqtt_base/availability)\" = online ] || exit 1
      fi
    done" >/dev/null
}

soak_paused() {
  state soak-tap && json "$dir/soak-tap.json" 'str((d.get("slideshow") or {}).get("paused", False)).lower()'
}

# soak_tap_until_paused true|false — taps the photo until the slideshow is paused (or playing):
# a tap on a screen the schedule turned off only lights it, so a blind pair of taps would leave
# the frame paused for the rest of the run. Three taps at most, each given ten seconds to show.
soak_tap_until_paused() {
  local tap
  [ "$(soak_paused)" = "$1" ] && return 0
  for tap in 1 2 3; do
    gesture "tap 400 240" || return 1
    for _ in $(seq 10); do
      [ "$(soak_paused)" = "$1" ] && return 0
      sleep 1
    done
  done
  return 1
}

# The screen's connector forced off and back on, as a cable pulled and put back.
soak_unplug() {
  local connector
  connector=$(guest 'for s in /sys/class/drm/card*-*/status; do [ "$(cat "$s")" = connected ] && echo "${s%/status}" && break; done')
  [ -n "$connector" ] || return 1
  guest "echo off >$connector/status && udevadm trigger --action=change ${connector%%-*}" >/dev/null &&
    wait_until 300 'state soak-gone && [ "$(json "$dir/soak-gone.json" "d[\"display\"]")" = gone ]' &&
    guest "echo on >$connector/status && udevadm trigger --action=change ${connector%%-*}" >/dev/null &&
    wait_until 300 'state soak-back && [ "$(json "$dir/soak-back.json" "d[\"display\"]")" = connected ]'
}

soak_runs() {
  local start=$SECONDS end=$((SECONDS + soak_minutes * 60)) round=0 failures=0 restarts unplugs=0
  local photo added=0 removed=0 clients=0 due n
  photo=$(basename "$(ls "$photos"/*.jpg | head -1)")
  restarts=$(soak_show NRestarts)
  : >"$dir/soak.tsv"
  while [ "$SECONDS" -lt "$end" ]; do
    round=$((round + 1))
    soak_sample $((SECONDS - start)) || failures=$((failures + 1))
    # Photos come and go: copied in (one a round, or as many as SOAK_FOLDER_CHANGES has due by
    # now), and those from more than five before taken away again.
    n=1
    if ((soak_changes > 0)); then
      due=$((soak_changes * (SECONDS - start) / (soak_minutes * 60)))
      n=$(((due - added - removed + 1) / 2)); ((n >= 1)) || n=1
    fi
    guest "for i in \$(seq $((added + 1)) $((added + n))); do cp /srv/photos/$photo /srv/photos/soak-\$i.jpg; done
      for i in \$(seq $((removed + 1)) $((added + n - 5))); do rm -f /srv/photos/soak-\$i.jpg; done" >/dev/null ||
      failures=$((failures + 1))
    added=$((added + n)); ((added - 5 <= removed)) || removed=$((added - 5))
    if ((soak_clients > 0)); then
      n=$((soak_clients * (SECONDS - start) / (soak_minutes * 60) - clients)); ((n >= 0)) || n=0
      soak_clients "$n" && clients=$((clients + n)) || failures=$((failures + 1))
    fi
    # A touch now and then (each one lights a scheduled-off screen for a while, so not every
    # round): a swipe to the next slide, a tap on the photo that pauses and one that goes on.
    case $((round % 60)) in
      0) gesture "drag 600 240 200 240 150" ;;
      20) soak_tap_until_paused true ;;
      40) soak_tap_until_paused false ;;
      *) ctl get-state >/dev/null ;;
    esac || failures=$((failures + 1))
    if [ $(((SECONDS - start) / soak_unplug_seconds)) -gt "$unplugs" ]; then
      unplugs=$((unplugs + 1))
      soak_unplug || { log "soak: unplug $unplugs failed"; failures=$((failures + 1)); }
    fi
  done
  guest 'rm -f /srv/photos/soak-*.jpg' >/dev/null
  echo "  slides shown: $(grep -c '"event":"shown"' "$dir/soak-events.log" 2>/dev/null || true) (shown events)"
  echo "  $round rounds in $(((SECONDS - start) / 60)) min, the scene's clock ${soak_rate}×: $unplugs unplugs," \
    "$((added + removed)) folder changes, $((round * 3 + clients)) socket and MQTT clients; $failures requests unanswered or failed"
  echo "  systemd restarts: $restarts → $(soak_show NRestarts); active: $(soak_show ActiveState)"
  [ "$failures" = 0 ] && [ "$(soak_show NRestarts)" = "$restarts" ] && [ "$(soak_show ActiveState)" = active ]
}

nothing_grows() {
  python3 - "$dir/soak.tsv" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
if len(rows) < 20:
    print(f"  only {len(rows)} samples"); sys.exit(1)
rss = [int(r[1]) for r in rows]; threads = [int(r[2]) for r in rows]; fds = [int(r[3]) for r in rows]
late = [int(r[4]) for r in rows]
n = len(rows); tenth = max(1, n // 10)
warm = statistics.median(rss[n // 5: n // 5 + tenth]); end = statistics.median(rss[-tenth:])
first_half = slice(0, n // 2)
print(f"  resident memory: {warm / 1024:.1f} MiB warmed up, {end / 1024:.1f} MiB at the end ({(end / warm - 1) * 100:+.1f} %), most {max(rss) / 1024:.1f} MiB")
print(f"  threads: {min(threads)}–{max(threads)} (first half at most {max(threads[first_half])}, last tenth at most {max(threads[-tenth:])})")
print(f"  open files: {min(fds)}–{max(fds)} (first half at most {max(fds[first_half])}, last tenth at most {max(fds[-tenth:])})")
print(f"  late frames: {late[-1]} in {int(rows[-1][0]) // 60} min; screens off in {sum(r[6] == 'off' for r in rows)} of {n} samples")
# The schedule's spells: the screen seen off after being seen on (a lower bound: a spell
# between two samples is missed).
spells = sum(1 for a, b in zip(rows, rows[1:]) if a[6] != "off" and b[6] == "off")
print(f"  the schedule turned the screen off at least {spells} times")
ok = end <= warm * 1.10 and max(threads[-tenth:]) <= max(threads[first_half]) + 2 and max(fds[-tenth:]) <= max(fds[first_half]) + 2
sys.exit(0 if ok else 1)
EOF
}

check "soak: the frame under systemd with a schedule, the slideshow and touch" soak_starts
check "soak: $soak_minutes minutes of schedule, touches, clients, photos and unplugs, no restart" soak_runs
check "soak: memory, threads and open files do not grow" nothing_grows
