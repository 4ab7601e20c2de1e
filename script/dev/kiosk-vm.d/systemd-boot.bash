# Sourced by script/dev/kiosk-vm --systemd: boots a minimal Debian 12 root with systemd as PID 1,
# cascade installed in it as README.md's "On a kiosk" installs it, and sets vm_pid. Nothing here
# starts cascade: systemd does, at boot, from systemd/cascade-kiosk.service.
#
# The pristine root (mmdebstrap, minbase plus the packages below) is kept as a tarball in
# /var/cache/cascade-kiosk-vm, named by what went into it; every run unpacks a new copy, installs
# the binary, the unit and the photos, adds this machine's kernel modules and the test agent, and
# makes an ext4 disk image of it (mke2fs -d). QEMU boots /boot/vmlinuz-* with this machine's
# initramfs (MODULES=most: virtio_blk and ext4 are in it) and the image as /dev/vda.
#
# The agent (kiosk-vm-agent.service, the test root's, never the kiosk unit's) runs
# kiosk-vm.d/systemd-agent from this checkout, which the VM mounts read-only at the same path, and
# the run folder at its own path (both over 9p): the suites' guest, ctl, screenshot, wait_log…
# work as they do in the virtme-ng VM. The VM stays up as long as suites run.

[ "$(id -u)" = 0 ] || { log "--systemd makes a disk image with files owned by root: run it as root"; exit 77; }
for tool in mmdebstrap mke2fs; do
  command -v "$tool" >/dev/null || { log "--systemd: $tool is missing (script/dev/bootstrap-vm installs it)"; exit 77; }
done
kernel_version=${kernel#/boot/vmlinuz-}
initrd=/boot/initrd.img-$kernel_version
[ -f "$initrd" ] && [ -d "/lib/modules/$kernel_version" ] ||
  { log "--systemd: $initrd or /lib/modules/$kernel_version is missing"; exit 77; }

# What a kiosk's Debian 12 has: systemd and udev; the libraries the release binary links
# (`objdump -p .build/release/cascade | grep NEEDED`; the Swift runtime is static) and those it
# opens when there (SDL_image, SDL_ttf, libinput, libheif, libjxl, libmosquitto: script/bootstrap's -dev packages bring them
# on a kiosk that builds), the caption font, EGL and Mesa's drivers as the README installs them;
# and what the checks use in the guest: socat (control requests), python3-evdev (touch.py's
# uinput devices), procps (pgrep).
systemd_root_packages=(systemd systemd-sysv udev dbus kmod procps util-linux
  libsdl2-2.0-0 libwebp7 libwebpdemux2 libturbojpeg0 libsqlite3-0 liblcms2-2 libisal2 libgif7 libexif12
  libmd0 libdrm2 libpng16-16 libx11-6 libxext6 libegl1 libgles2 libgl1 libgl1-mesa-dri
  libsdl2-image-2.0-0 libsdl2-ttf-2.0-0 libinput10 libheif1 libjxl0.7 libmosquitto1 fonts-dejavu-core
  python3-evdev socat)
# The soak puts the frame on a home's MQTT bus: a broker in the VM and Home Assistant's clients.
# Only its root has them (a root of its own, built once), so the others' stays as it was.
soak=0
[[ " ${suites[*]} " == *" soak "* ]] && soak=1 && systemd_root_packages+=(mosquitto mosquitto-clients)
systemd_root_mirrors=("deb http://deb.debian.org/debian bookworm main"
  "deb http://deb.debian.org/debian bookworm-updates main"
  "deb http://deb.debian.org/debian-security bookworm-security main")
systemd_root_cache=/var/cache/cascade-kiosk-vm
systemd_root_key=$(printf '%s\n' minbase "${systemd_root_packages[@]}" "${systemd_root_mirrors[@]}" | sha256sum | cut -c1-16)
systemd_root_tar=$systemd_root_cache/root-$systemd_root_key.tar
if [ ! -f "$systemd_root_tar" ]; then
  log "building the pristine Debian 12 root (once per machine and package list)"
  mkdir -p "$systemd_root_cache" && rm -f "$systemd_root_tar.partial"
  mmdebstrap --quiet --variant=minbase --format=tar \
    --include="$(IFS=,; echo "${systemd_root_packages[*]}")" bookworm "$systemd_root_tar.partial" "${systemd_root_mirrors[@]}"
  mv "$systemd_root_tar.partial" "$systemd_root_tar"
fi
# Roots of package lists not used for a fortnight go (the soak's and the others' both stay).
touch "$systemd_root_tar"
find "$systemd_root_cache" -maxdepth 1 -name 'root-*.tar' ! -name "root-$systemd_root_key.tar" -mtime +14 -delete

root=$dir/root
mkdir "$root" && tar -C "$root" -xpf "$systemd_root_tar"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

# README.md, "On a kiosk", as root on the kiosk (the binary built already; systemd not running in
# a chroot, so `enable` without `--now`).
install -m755 "$binary" "$root/usr/local/bin/cascade"
in_root useradd --system --no-create-home --shell /usr/sbin/nologin --groups video,render,input cascade
install -d -m755 "$root/srv/photos" && cp -r "$photos/." "$root/srv/photos/" && chmod -R a+rX "$root/srv/photos"
install -m644 "$unit" "$root/etc/systemd/system/"
in_root systemctl enable cascade-kiosk.service 2>/dev/null
install -Dm644 "$dir/cascade.toml" "$root/etc/cascade/cascade.toml"
# The README's drop-in for a machine without a GPU driver (`systemctl edit cascade-kiosk` writes
# override.conf): llvmpipe JIT-compiles, which MemoryDenyWriteExecute=yes forbids.
install -Dm644 /dev/stdin "$root/etc/systemd/system/cascade-kiosk.service.d/override.conf" <<'EOF'
[Service]
MemoryDenyWriteExecute=no
EOF
# A frame on the bus as docs/home-assistant.md installs it: the unit's drop-in that opens the
# local network; the broker is the soak's own (Debian's starts one at boot on the same port).
if ((soak)); then
  install -Dm644 "$here/systemd/cascade-kiosk.service.d/mqtt.conf" "$root/etc/systemd/system/cascade-kiosk.service.d/mqtt.conf"
  in_root systemctl disable mosquitto.service 2>/dev/null
fi

# The machine: this kernel's modules (bochs, uinput, 9p… are loaded as on any machine: by udev),
# a machine id (an empty one is a first boot, where systemd-firstboot may ask on the console),
# the root file system, the test agent's two shared folders and its service.
mkdir -p "$root/usr/lib/modules" && cp -a "/lib/modules/$kernel_version" "$root/usr/lib/modules/"
od -An -N16 -tx1 /dev/urandom | tr -d ' \n' >"$root/etc/machine-id" && echo >>"$root/etc/machine-id"
echo kiosk >"$root/etc/hostname"
mkdir -p "$root$dir" "$root$here"
cat >"$root/etc/fstab" <<EOF
/dev/vda / ext4 rw,errors=remount-ro 0 1
run $dir 9p trans=virtio,version=9p2000.L,msize=262144,access=any,nofail 0 0
repo $here 9p trans=virtio,version=9p2000.L,msize=262144,access=any,ro,nofail 0 0
EOF
# 9p's virtio transport before local-fs.target mounts the folders (nothing asks for it by name
# in time); uinput for the touch suites (a kiosk's own touch screen needs no module from us).
printf '%s\n' 9pnet_virtio 9p uinput >"$root/etc/modules-load.d/kiosk-vm.conf"
cat >"$root/etc/systemd/system/kiosk-vm-agent.service" <<EOF
[Unit]
Description=kiosk-vm's test agent (runs the host's checks; not part of the kiosk)
RequiresMountsFor=$dir $here
After=systemd-udev-settle.service systemd-modules-load.service
[Service]
ExecStart=/bin/bash $here/script/dev/kiosk-vm.d/systemd-agent $dir
[Install]
WantedBy=multi-user.target
EOF
in_root systemctl enable kiosk-vm-agent.service 2>/dev/null

# The image: the root's size and room for the cache, journal and the photos the suites add.
size_mb=$(($(du -sm "$root" | cut -f1) + 768))
mke2fs -q -t ext4 -d "$root" -L kiosk "$dir/root.img" "${size_mb}M"
rm -rf --one-file-system "$root"

# As the virtme-ng VM: the same CPU model, VGA mode and monitor socket; no network (the unit
# has none either); the serial port is the kernel's and systemd's console, so tty1 is cascade's.
# KIOSK_VM_APPEND adds to the kernel's command line, e.g. systemd.journald.forward_to_console=1
# to see every journal line in vm.log when the agent never comes up.
setsid nice -n 10 qemu-system-x86_64 -machine pc -accel tcg -cpu "$cpu" -smp 2 -m 3G \
  -kernel "$kernel" -initrd "$initrd" -append "root=/dev/vda rw console=ttyS0 panic=1 ${KIOSK_VM_APPEND:-}" \
  -drive "file=$dir/root.img,format=raw,if=virtio" \
  -virtfs "local,path=$dir,mount_tag=run,security_model=none,multidevs=remap" \
  -virtfs "local,path=$here,mount_tag=repo,security_model=none,readonly=on,multidevs=remap" \
  -vga std -global "VGA.xres=${screen%x*}" -global "VGA.yres=${screen#*x}" \
  -monitor "unix:$dir/monitor.sock,server,nowait" $qemu_devices \
  -display none -serial "file:$dir/vm.log" -nic none -no-reboot </dev/null >"$dir/qemu.log" 2>&1 &
vm_pid=$!
