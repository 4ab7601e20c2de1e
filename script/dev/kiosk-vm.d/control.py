#!/usr/bin/env python3
"""The control protocol's two ends for script/dev/kiosk-vm's `ctl` (runs on the host), which sends
the line through socat in the VM instead of starting `cascade ctl` there: under TCG the client's
start (its 99 libraries) takes ~1.8 s of a 2.5-s round trip, socat's 0.3 s. `cascade ctl` itself
still runs on the console: the touch suite follows the events with it, the slideshow suite asks
it for the state.

  control.py request NAME [ARG…]
      The request line `cascade ctl NAME ARG…` sends: each argument an integer, true, false, a
      JSON object or array, else a string (ControlCommandLine.argument).
  control.py reply LINE
      What `cascade ctl` prints for the reply: its data as JSON, nothing for none; exit status 1
      with the error on stderr for an error reply, 2 for no reply.
"""
import json
import re
import sys


def argument(word):
    if re.fullmatch(r"[+-]?[0-9]+", word):
        return int(word)
    if word in ("true", "false"):
        return word == "true"
    if word.startswith(("{", "[")):
        return json.loads(word)
    return word


def main(args):
    if args[:1] == ["request"] and len(args) > 1:
        print(json.dumps({"command": [args[1]] + [argument(w) for w in args[2:]], "request_id": 1}))
        return 0
    if args[:1] == ["reply"] and len(args) == 2:
        try:
            reply = json.loads(args[1].splitlines()[0])
        except (ValueError, IndexError):
            print(f"control.py: no reply: {args[1][:200]!r}", file=sys.stderr)
            return 2
        if reply.get("error") != "success":
            print(f"cascade ctl: {reply.get('error')}", file=sys.stderr)
            return 1
        if reply.get("data") is not None:
            print(json.dumps(reply["data"]))
        return 0
    print(__doc__, file=sys.stderr)
    return 64


sys.exit(main(sys.argv[1:]))
