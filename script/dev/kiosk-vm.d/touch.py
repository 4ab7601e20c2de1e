#!/usr/bin/python3
"""A finger and a keyboard for the VM's console, through the kernel (runs in the VM as root).

  touch.py serve FOLDER WIDTH HEIGHT

Makes a multitouch screen (protocol B: ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y,
BTN_TOUCH, INPUT_PROP_DIRECT) whose axes span WIDTH×HEIGHT, and a keyboard, on /dev/uinput —
the kernel gives them /dev/input/event* nodes and udev classifies them as a touch screen and a
keyboard, as it would a USB panel — then performs the gestures written, one per line, into the
FIFO FOLDER/in, answering each on the FIFO FOLDER/out once its last event is written:

  tap X Y                         a finger down and up (60 ms)
  drag X0 Y0 X1 Y1 MS [REST]      a finger moved in MS ms; REST ms still before it lifts
  pinch CX CY D0 D1 MS            two fingers around CX,CY, D0 apart, spread to D1 in MS ms
  key NAME                        a key pressed and released (evdev names: KEY_RIGHT…)
  wait MS                         nothing for MS ms (gestures joined by ';' run back to back)
  plug                            a second touch screen, hot-plugged; later gestures use it

Timing is real time here: the events carry the kernel's own timestamps, and a gesture moves in
8 ms steps (a 125 Hz panel). python-evdev (Debian's python3-evdev) does the uinput work.
"""
import os
import sys
import time

from evdev import AbsInfo, UInput, ecodes as e

STEP = 0.008


class TouchScreen:
    def __init__(self, width, height, name):
        def axis(size):
            return AbsInfo(value=0, min=0, max=size - 1, fuzz=0, flat=0, resolution=0)
        self.device = UInput(
            {
                e.EV_KEY: [e.BTN_TOUCH],
                e.EV_ABS: [
                    (e.ABS_X, axis(width)), (e.ABS_Y, axis(height)),
                    (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
                    (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
                    (e.ABS_MT_POSITION_X, axis(width)), (e.ABS_MT_POSITION_Y, axis(height)),
                ],
            },
            name=name, vendor=0x1209, product=0x7001, input_props=[e.INPUT_PROP_DIRECT])
        self.next_id = 1
        self.ids = {}  # slot → tracking id of the finger down there

    def frame(self, fingers, lifted=()):
        """One report: fingers {slot: (x, y)} down (new or moved), slots in lifted up."""
        w = self.device.write
        for slot, (x, y) in fingers.items():
            w(e.EV_ABS, e.ABS_MT_SLOT, slot)
            if slot not in self.ids:
                self.ids[slot] = self.next_id
                self.next_id += 1
                w(e.EV_ABS, e.ABS_MT_TRACKING_ID, self.ids[slot])
            w(e.EV_ABS, e.ABS_MT_POSITION_X, round(x))
            w(e.EV_ABS, e.ABS_MT_POSITION_Y, round(y))
        for slot in lifted:
            w(e.EV_ABS, e.ABS_MT_SLOT, slot)
            w(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
            self.ids.pop(slot, None)
        w(e.EV_KEY, e.BTN_TOUCH, 1 if self.ids else 0)
        if 0 in fingers:  # single-touch axes follow the first finger, as panels report them
            w(e.EV_ABS, e.ABS_X, round(fingers[0][0]))
            w(e.EV_ABS, e.ABS_Y, round(fingers[0][1]))
        self.device.syn()

    def tap(self, x, y):
        self.frame({0: (x, y)})
        time.sleep(0.06)
        self.frame({}, lifted=[0])

    def drag(self, x0, y0, x1, y1, ms, rest=0):
        self.frame({0: (x0, y0)})
        steps = max(1, round(ms / 1000 / STEP))
        start = time.monotonic()
        for i in range(1, steps + 1):
            # Paced by the clock, not by the count: a slow (emulated) CPU still moves the finger
            # at the speed asked for.
            until = start + i * STEP
            time.sleep(max(0, until - time.monotonic()))
            t = i / steps
            self.frame({0: (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)})
        time.sleep(rest / 1000)
        self.frame({}, lifted=[0])

    def hold(self, x, y, ms):
        # A finger at rest sends nothing after it lands: the viewer times the hold itself.
        self.frame({0: (x, y)})
        time.sleep(ms / 1000)
        self.frame({}, lifted=[0])

    def pinch(self, cx, cy, d0, d1, ms):
        def fingers(d):
            return {0: (cx - d / 2, cy), 1: (cx + d / 2, cy)}
        self.frame(fingers(d0))
        steps = max(1, round(ms / 1000 / STEP))
        start = time.monotonic()
        for i in range(1, steps + 1):
            time.sleep(max(0, start + i * STEP - time.monotonic()))
            self.frame(fingers(d0 + (d1 - d0) * i / steps))
        time.sleep(0.05)
        self.frame({}, lifted=[1, 0])


def keyboard():
    # Every key a PC keyboard has: udev calls it a keyboard only when it has the usual ones.
    keys = [code for code in range(1, 249)]
    return UInput({e.EV_KEY: keys}, name="kiosk-vm keyboard", vendor=0x1209, product=0x7002)


def serve(folder, width, height):
    screen = TouchScreen(width, height, "kiosk-vm touch screen")
    keys = keyboard()

    def perform(words):
        """One gesture; an answer beyond "ok", if it has one."""
        nonlocal screen
        name, args = (words[0], words[1:]) if words else ("", [])
        if name == "tap":
            screen.tap(*map(float, args))
        elif name == "drag":
            screen.drag(*map(float, args))
        elif name == "hold":
            screen.hold(*map(float, args))
        elif name == "pinch":
            screen.pinch(*map(float, args))
        elif name == "wait":
            time.sleep(float(args[0]) / 1000)
        elif name == "key":
            code = e.ecodes[args[0]]
            keys.write(e.EV_KEY, code, 1); keys.syn()
            time.sleep(0.03)
            keys.write(e.EV_KEY, code, 0); keys.syn()
        elif name == "plug":
            screen = TouchScreen(width, height, "kiosk-vm touch screen (hot-plugged)")
            return f"ok {screen.device.device.path}"
        elif name:
            raise ValueError(f"unknown gesture {name!r}")
        return None

    requests, replies = os.path.join(folder, "in"), os.path.join(folder, "out")
    for fifo in (requests, replies):
        if not os.path.exists(fifo):
            os.mkfifo(fifo)
    with open(os.path.join(folder, "ready"), "w") as f:
        f.write(f"{screen.device.device.path} {keys.device.path}\n")
    while True:
        # One request per open of the FIFO (the client's `echo … >in`), one answer per request.
        with open(requests) as f:
            request = f.read()
        answer = "ok"
        try:
            for gesture in request.split(";"):
                answer = perform(gesture.split()) or answer
        except Exception as error:  # the suite reads the answer: a typo must not hang it
            answer = f"error {error}"
        with open(replies, "w") as f:
            f.write(answer + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
