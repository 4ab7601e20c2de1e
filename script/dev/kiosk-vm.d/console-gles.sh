# The console suite again under SDL's OpenGL ES 2 renderer over Mesa, as a Raspberry Pi's vc4
# runs the console, sourced by script/dev/kiosk-vm (`script/dev/kiosk-vm … console-gles`). It
# shares a boot with the other suites: whatever ran before is stopped, the configuration made
# the one console.sh expects, and the renderer chosen as a kiosk's owner would, in cascade's
# environment (the unit's Environment=).

if guest 'pgrep -x cascade' >/dev/null; then sigterm_exits_0 >/dev/null || true; fi
guest "printf 'attract-after = 600\n' >/etc/cascade/cascade.toml" >/dev/null
gles_saved_env=$extra_env gles_saved_prefix=${check_prefix:-}
extra_env="$extra_env SDL_RENDER_DRIVER=opengles2"
check_prefix="OpenGL ES 2: "
# shellcheck source=console.sh
source "$here/script/dev/kiosk-vm.d/console.sh"
check "the renderer is SDL's opengles2" grep -q 'renderer opengles2' "$dir/cascade.log"
extra_env=$gles_saved_env check_prefix=$gles_saved_prefix
