#!/usr/bin/env python3
"""What the VM's console shows, for script/dev/kiosk-vm (runs on the host).

  screen.py dump MONITOR_SOCKET FILE.ppm
      QEMU's `screendump` through its human monitor: a PPM of the console as the display
      device scans it out — what a person in front of the screen would see.
  screen.py wall SHOT.ppm STATE.json [CAPTION_PX]
      Every tile that `get-state` says is on screen, compared with its photo: the mean colours
      of nine regions (3×3) of the middle of the tile (as far as it is on screen) against those
      of the same parts of the photo file (decoded by ImageMagick, EXIF orientation applied), so
      a photo shown upside down or mirrored fails. A placeholder, a black screen,
      a tile showing the wrong photo or garbage fails. With `"rotate": N` in the state (a screen
      on its side), the shot is turned back N degrees counter-clockwise by ImageMagick first:
      get-state's rects are the upright picture's.
  screen.py detail SHOT.ppm PHOTO
      The open photo: the middle of the screen against the middle of the photo, in 3×3 regions.
  screen.py slide SHOT.ppm STATE.json
      The slideshow's photos (get-state's `slideshow.shown`, each with its rect) against their
      files, as for the wall: a pair's two photos each in its place, upright.
  screen.py dark SHOT.ppm
      Nothing lit: no sampled pixel above 8 (a screen drawn black, or powered down).
  screen.py burst MONITOR_SOCKET WORK.ppm STOP SAMPLES
      Screenshots back to back until the file STOP exists, and one more after: each one's
      grid of region means as a line of SAMPLES (flushed, so the caller sees the first come).
  screen.py mixes SAMPLES
      A burst taken across one crossfade: its first screenshot the old slide alone, its last the
      new one alone. Counts the screenshots that are a mix of the two — every region that tells
      them apart the same blend of both, neither alone — and the different blends among them;
      exit status 0 when there are at least two (a cut has none).

Means of regions rather than exact pixels: cascade scales with its own filters, and the
photos carry a large number and a caption strip; the regions' means are what must not change.
"""
import json
import os
import socket
import subprocess
import sys

CONVERT = "/usr/bin/convert"  # the real ImageMagick (some build machines shadow `convert`)
TOLERANCE = 28                # per channel, 0-255: scaling, fades and JPEG noise stay well inside


class Monitor:
    """QEMU's human monitor, one connection for as many screendumps as asked."""

    def __init__(self, sock_path):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.settimeout(120)
        self.s.connect(sock_path)
        self.until_prompt()

    def until_prompt(self):
        data = b""
        while not data.endswith(b"(qemu) "):
            chunk = self.s.recv(4096)
            if not chunk:
                raise SystemExit("screen.py: the QEMU monitor closed")
            data += chunk
        return data

    def screendump(self, out):
        self.s.sendall(f"screendump {out}\n".encode())
        reply = self.until_prompt().decode(errors="replace")
        # The HMP command returns once the file is written; a message besides the echo is an error.
        lines = [l for l in reply.replace("\r", "").split("\n") if l and not l.startswith("(qemu)") and "screendump" not in l]
        if lines:
            raise SystemExit("screen.py: screendump: " + " ".join(lines))

    def close(self):
        self.s.close()


def dump(sock_path, out):
    monitor = Monitor(sock_path)
    try:
        monitor.screendump(out)
    finally:
        monitor.close()


def read_ppm(data):
    """(width, height, bytes) of a binary PPM (P6, maxval 255)."""
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise SystemExit("screen.py: not an 8-bit P6 PPM")
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:pos + 1 + w * h * 3]


def mean(image, x0, y0, x1, y1):
    w, h, px = image
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    total, n = [0, 0, 0], 0
    for y in range(y0, y1, 2):
        row = px[(y * w + x0) * 3:(y * w + x1) * 3]
        for i in range(0, len(row), 6):
            total[0] += row[i]; total[1] += row[i + 1]; total[2] += row[i + 2]
            n += 1
    return tuple(round(t / max(n, 1)) for t in total)


def on_host(path):
    """Where a photo the VM names is on the host: KIOSK_VM_PATHS=VM_FOLDER=HOST_FOLDER."""
    vm, _, host = os.environ.get("KIOSK_VM_PATHS", "").partition("=")
    return host + path[len(vm):] if vm and path.startswith(vm + "/") else path


def photo_at(path, w, h):
    """The photo decoded and scaled to w×h, upright."""
    path = on_host(path)
    ppm = subprocess.run([CONVERT, path + "[0]", "-auto-orient", "-background", "black", "-flatten",
                          "-resize", f"{w}x{h}!", "-depth", "8", "ppm:-"],
                         check=True, capture_output=True).stdout
    return read_ppm(ppm)


def middle(w, h):
    """The part of a w×h picture compared: clear of edges, corner flags and the big number's
    outline being cut differently."""
    return (w * 15 // 100, h * 15 // 100, w * 85 // 100, h * 85 // 100)


def distance(a, b):
    return max(abs(p - q) for p, q in zip(a, b))


def grid_distance(shot, ox, oy, ref, box, cells=3):
    """The worst of cells×cells region means of `box` (in the photo's coordinates; on screen
    offset by ox, oy) against the same regions of `ref`: one mean cannot tell a photo upright
    from upside down, or two photos of the same average colour apart; nine can."""
    x0, y0, x1, y1 = box
    worst, pairs = 0, []
    for row in range(cells):
        for col in range(cells):
            cx0, cx1 = x0 + (x1 - x0) * col // cells, x0 + (x1 - x0) * (col + 1) // cells
            cy0, cy1 = y0 + (y1 - y0) * row // cells, y0 + (y1 - y0) * (row + 1) // cells
            a, b = mean(shot, cx0 + ox, cy0 + oy, cx1 + ox, cy1 + oy), mean(ref, cx0, cy0, cx1, cy1)
            worst = max(worst, distance(a, b))
            pairs.append((a, b))
    return worst, pairs


def upright(shot_path, degrees):
    """The screenshot as the picture cascade drew before turning it `degrees` clockwise."""
    data = open(shot_path, "rb").read()
    if degrees % 360:
        data = subprocess.run([CONVERT, "ppm:-", "-rotate", str(-degrees), "-depth", "8", "ppm:-"],
                              input=data, check=True, capture_output=True).stdout
    return read_ppm(data)


def wall(shot_path, state_path, caption=22):
    state = json.load(open(state_path))
    shot = upright(shot_path, state.get("rotate", 0))
    sw, sh = shot[0], shot[1]
    compared, matched, report = 0, 0, []
    for tile in state.get("visible", []):
        r = tile["screen"]
        x, y, w, h = round(r["x"]), round(r["y"]), round(r["w"]), round(r["h"]) - caption
        # The middle of the tile's photo, as far as it is on screen (big tiles of few columns
        # are rarely wholly there); the same part of the photo is the reference.
        mx0, my0, mx1, my1 = middle(w, h)
        cx0, cy0 = max(mx0, -x), max(my0, -y)
        cx1, cy1 = min(mx1, sw - x), min(my1, sh - y)
        if cx1 - cx0 < 40 or cy1 - cy0 < 40:
            continue  # too little of it on screen to judge
        ref = photo_at(tile["path"], w, h)
        d, pairs = grid_distance(shot, x, y, ref, (cx0, cy0, cx1, cy1))
        compared += 1
        matched += d <= TOLERANCE
        worst = max(pairs, key=lambda pair: distance(*pair))
        report.append(f"  tile {tile['index']} at {x},{y} {w}x{h}: worst of 9 regions screen {worst[0]} photo {worst[1]} "
                      f"{'ok' if d <= TOLERANCE else 'DIFFERENT'} ({d})")
    print("\n".join(report))
    # Every tile on screen must show its photo; at least three must be there to judge.
    ok = compared >= 3 and matched == compared
    print(f"wall: {matched} of {compared} tiles on screen show their photo")
    return ok


def detail(shot_path, photo):
    shot = read_ppm(open(shot_path, "rb").read())
    sw, sh = shot[0], shot[1]
    info = subprocess.run([CONVERT, on_host(photo) + "[0]", "-auto-orient", "-format", "%w %h", "info:"],
                          check=True, capture_output=True, text=True).stdout.split()
    pw, ph = int(info[0]), int(info[1])
    scale = min(sw / pw, sh / ph)
    w, h = max(1, round(pw * scale)), max(1, round(ph * scale))
    x, y = (sw - w) // 2, (sh - h) // 2
    ref = photo_at(photo, w, h)
    # The middle third: wherever zoom-to-fit rounds, this part is photo.
    box = (w // 3, h // 3, w * 2 // 3, h * 2 // 3)
    d, pairs = grid_distance(shot, x, y, ref, box)
    worst = max(pairs, key=lambda pair: distance(*pair))
    print(f"detail: worst of 9 regions screen {worst[0]} photo {worst[1]} ({d})")
    return d <= TOLERANCE


def slide(shot_path, state_path):
    """Every photo the slideshow shows, at the rect get-state gives it, against its file: the
    3×3 regions of its middle (above the caption panel at the bottom left)."""
    state = json.load(open(state_path))
    shot = upright(shot_path, state.get("rotate", 0))
    shown = state.get("slideshow", {}).get("shown", [])
    ok = bool(shown)
    for photo in shown:
        r = photo["rect"]
        x, y, w, h = round(r["x"]), round(r["y"]), round(r["w"]), round(r["h"])
        ref = photo_at(photo["path"], w, h)
        box = (w * 15 // 100, h * 15 // 100, w * 85 // 100, h * 70 // 100)
        d, pairs = grid_distance(shot, x, y, ref, box)
        worst = max(pairs, key=lambda pair: distance(*pair))
        print(f"  {os.path.basename(photo['path'])} at {x},{y} {w}x{h}: worst of 9 regions screen {worst[0]} "
              f"photo {worst[1]} {'ok' if d <= TOLERANCE else 'DIFFERENT'} ({d})")
        ok = ok and d <= TOLERANCE
    return ok


def grid_means(image, cols=8, rows=6, step=4):
    """Mean colours of cols×rows regions of the whole picture, every `step`-th pixel each way:
    coarse, so a burst keeps up with a fade's frames."""
    w, h, px = image
    means = []
    for row in range(rows):
        for col in range(cols):
            total, n = [0, 0, 0], 0
            for y in range(h * row // rows, h * (row + 1) // rows, step):
                base = y * w * 3
                for x in range(w * col // cols, w * (col + 1) // cols, step):
                    i = base + x * 3
                    total[0] += px[i]; total[1] += px[i + 1]; total[2] += px[i + 2]
                    n += 1
            means.append([round(t / max(n, 1), 1) for t in total])
    return means


def burst(sock_path, shot_path, stop_path, samples_path, limit=5000):
    monitor = Monitor(sock_path)
    try:
        with open(samples_path, "w") as out:
            for _ in range(limit):
                # Asked to stop before this screenshot: it is the screen as it is after, the last.
                last = os.path.exists(stop_path)
                monitor.screendump(shot_path)
                out.write(json.dumps(grid_means(read_ppm(open(shot_path, "rb").read()))) + "\n")
                out.flush()
                if last:
                    return True
    finally:
        monitor.close()
    print(f"screen.py: burst: {limit} screenshots and no stop", file=sys.stderr)
    return False


def mixes(samples_path):
    samples = [json.loads(line) for line in open(samples_path) if line.strip()]
    if len(samples) < 3:
        print(f"  a crossfade: only {len(samples)} screenshots")
        return False
    old, new = samples[0], samples[-1]
    # The channels of the regions where the two slides differ clearly: a blend of the two is
    # the same fraction of the way from one to the other in every one of them.
    telling = [(r, c) for r in range(len(old)) for c in range(3) if abs(new[r][c] - old[r][c]) >= 40]
    if len(telling) < 3:
        print(f"  a crossfade: the two slides cannot be told apart ({len(telling)} region channels differ)")
        return False
    counts = {"old": 0, "mix": 0, "new": 0, "neither": 0}
    blends = set()
    for sample in samples[1:-1]:
        ts = sorted((sample[r][c] - old[r][c]) / (new[r][c] - old[r][c]) for r, c in telling)
        low, mid, high = ts[len(ts) // 5], ts[len(ts) // 2], ts[len(ts) * 4 // 5]
        if high - low > 0.3:
            kind = "neither"    # not one blend of the two: a half-drawn frame, black, garbage
        elif abs(mid) < 0.1:
            kind = "old"
        elif abs(mid - 1) < 0.1:
            kind = "new"
        elif 0.1 <= mid <= 0.9:
            kind = "mix"
            blends.add(round(mid * 20))     # one drawn frame screenshotted twice is one blend
        else:
            kind = "neither"
        counts[kind] += 1
    print(f"  a crossfade: {len(samples)} screenshots: {counts['old']} the old slide alone, {counts['mix']} a mix of the two "
          f"({len(blends)} different blends), {counts['new']} the new slide alone, {counts['neither']} neither")
    return len(blends) >= 2


def main(argv):
    if len(argv) == 3 and argv[0] == "dump":
        dump(argv[1], argv[2])
        return 0
    if len(argv) in (3, 4) and argv[0] == "wall":
        return 0 if wall(argv[1], argv[2], *(int(a) for a in argv[3:])) else 1
    if len(argv) == 3 and argv[0] == "slide":
        return 0 if slide(argv[1], argv[2]) else 1
    if len(argv) == 3 and argv[0] == "detail":
        return 0 if detail(argv[1], argv[2]) else 1
    if len(argv) == 5 and argv[0] == "burst":
        return 0 if burst(*argv[1:]) else 1
    if len(argv) == 2 and argv[0] == "mixes":
        return 0 if mixes(argv[1]) else 1
    if len(argv) == 2 and argv[0] == "dark":
        _, _, pixels = read_ppm(open(argv[1], "rb").read())
        return 0 if max(pixels[i] for i in range(0, len(pixels), 97)) <= 8 else 1
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
