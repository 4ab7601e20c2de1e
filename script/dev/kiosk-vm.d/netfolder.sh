# A photo frame on a NAS, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm netfolder`): the
# kernel's own NFS server in the VM exports a folder of photos, mounted with the kernel's NFS
# client where the unit's photos are (/srv/photos), soft, as docs/network-folders.md says. The
# frame shows it; a photo added on the server (behind the client's back, where inotify sees
# nothing) appears at the next poll; the server stopped under the running slideshow leaves the
# frame showing photos (from their offline copies) and saying so once; the frame restarted while
# the server is still stopped shows the wall of its last scan; the server started again is
# noticed, and a photo added meanwhile appears.

nas_export=/run/kiosk-vm-nas
nas_photos=() ; for f in "$photos"/*.jpg; do nas_photos+=("$(basename "$f")"); done

# nas_up — nfsd serving $nas_export to this machine, as Debian's nfs-kernel-server starts it
# (rpcbind, mountd, nfsd), and /srv/photos mounted from it over NFSv4 in place of the unit's bind
# mount. The export is NFSv4's root (fsid=0): the VM's own root is 9p, which nfsd cannot export,
# so the path to a deeper export could not be served.
nas_up() {
  guest "set -e
    modprobe nfsd; mountpoint -q /proc/fs/nfsd || mount -t nfsd nfsd /proc/fs/nfsd
    mountpoint -q /var/lib/nfs || mount -t tmpfs tmpfs /var/lib/nfs
    mkdir -p /var/lib/nfs/v4recovery /var/lib/nfs/rpc_pipefs $nas_export
    for f in ${nas_photos[*]:0:4}; do cp '$photos'/\$f $nas_export/; done
    chmod -R a+rX $nas_export
    echo '$nas_export 127.0.0.1(ro,fsid=0,no_subtree_check,insecure,no_root_squash)' >/etc/exports
    exportfs -ra
    pgrep -x rpcbind >/dev/null || rpcbind -w
    pgrep -x rpc.mountd >/dev/null || rpc.mountd
    rpc.nfsd 4
    umount /srv/photos
    mount -t nfs4 -o ro,soft,timeo=20,retrans=1 127.0.0.1:/ /srv/photos
    stat -f -c '%T' /srv/photos; ls /srv/photos | wc -l"
}

# photo_count NAME — the photos get-state says the wall has.
photo_count() { state "$1" && json "$dir/$1.json" 'd["count"]'; }

nas_frame_shows_photos() {
  local kind
  kind=$(nas_up) || { echo "$kind"; return 1; }
  echo "  /srv/photos: $(echo "$kind" | tr '\n' ' ')(file system, photos)"
  fresh_cascade $'slideshow = true\ninterval = 3600\ntransition-ms = 0\nnetwork-poll = 2' 'slideshow:' &&
    wait_log 60 'is on NFS' && grep -F 'is on NFS' "$dir/cascade.log" | sed 's/^/  /' &&
    wait_until 600 'shown_after 0' && wait_until 120 'photo_on_screen nas1' && cat "$dir/nas1.txt" &&
    [ "$(photo_count nas1)" = 4 ]
}

added_on_server_appears() {
  guest "cp '$photos/${nas_photos[4]}' $nas_export/.incoming && mv $nas_export/.incoming $nas_export/${nas_photos[4]}" >/dev/null &&
    wait_until 120 '[ "$(photo_count added)" = 5 ]' || return 1
  echo "  ${nas_photos[4]} copied into the export on the server: 4 → 5 photos"
}

# every_photo_shown — `slideshow next` until every photo has been on the screen and so has its
# offline copy (a round goes by the fair order, and a slide can be a pair of portraits).
offline_copies() { guest 'ls /var/cache/cascade/cascade/offline 2>/dev/null | grep -c "\.jpg$"'; }
every_photo_shown() {
  local i before kept=0
  for i in $(seq 1 15); do
    kept=$(offline_copies) && [ "$kept" -ge 5 ] && break
    before=$(event_count shown)
    ctl slideshow next >/dev/null && wait_until 120 "shown_after $before" || return 1
  done
  echo "  $(event_count shown) slides shown; $kept offline copies in /var/cache/cascade/cascade/offline"
  [ "$kept" -ge 5 ]
}

server_stopped_frame_goes_on() {
  guest 'rpc.nfsd 0 && exportfs -ua' >/dev/null || return 1
  wait_log 300 'cannot be reached' || return 1
  grep -F 'cannot be reached' "$dir/cascade.log" | sed 's/^/  /'
  local i before
  for i in 1 2 3; do
    before=$(event_count shown)
    ctl slideshow next >/dev/null && wait_until 120 "shown_after $before" &&
      wait_until 120 "photo_on_screen outage$i" || return 1
    echo "  with the server stopped, slide $i: $(json "$dir/outage$i.json" '", ".join(p["path"] for p in d["slideshow"]["shown"])')"
    sed 's/^/  /' "$dir/outage$i.txt"
  done
  [ "$(photo_count outage)" = 5 ] && [ "$(grep -cF 'cannot be reached' "$dir/cascade.log")" = 1 ] && ! grep -qF 'is gone' "$dir/cascade.log"
}

# restarted_while_server_away — cascade started again with the export still stopped: the mount's
# looks fail or give no answer in 5 s, and the wall is the photo index's, the slides the copies.
restarted_while_server_away() {
  fresh_cascade $'slideshow = true\ninterval = 3600\ntransition-ms = 0\nnetwork-poll = 2' 'slideshow:' &&
    wait_log 120 'at the last scan' || return 1
  grep -F 'cannot be reached' "$dir/cascade.log" | sed 's/^/  /'
  wait_until 600 'shown_after 0' && wait_until 120 'photo_on_screen restarted' || return 1
  echo "  restarted with the server stopped, first slide: $(json "$dir/restarted.json" '", ".join(p["path"] for p in d["slideshow"]["shown"])')"
  sed 's/^/  /' "$dir/restarted.txt"
  # The wall of the last scan: the 4 photos it found (one added later came live, after it).
  [ "$(photo_count restarted)" = 4 ] && [ "$(grep -cF 'cannot be reached' "$dir/cascade.log")" = 1 ]
}

server_back_is_noticed() {
  guest "cp '$photos/${nas_photos[5]}' $nas_export/${nas_photos[5]} && exportfs -ra && rpc.nfsd 4" >/dev/null &&
    wait_log 300 'can be reached again' && wait_until 120 '[ "$(photo_count back)" = 6 ]' || return 1
  grep -F 'can be reached again' "$dir/cascade.log" | sed 's/^/  /'
  echo "  ${nas_photos[5]}, added while it was away, joined: 6 photos"
}

check "a frame on an NFS share shows its photos, polled (inotify sees no server-side change)" nas_frame_shows_photos
check "a photo added on the NFS server appears at the next poll" added_on_server_appears
check "every photo shown once keeps an offline copy" every_photo_shown
check "the NFS server stopped: the frame goes on showing photos, says so once, keeps them" server_stopped_frame_goes_on
check "restarted while the NFS server is stopped: the last scan's wall, slides from the copies" restarted_while_server_away
check "the NFS server back: noticed, and a photo added meanwhile appears" server_back_is_noticed
check "no crash, and SIGTERM exits 0" sigterm_exits_0
