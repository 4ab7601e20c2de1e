"""Damaged copies of a few photos for the header probes: each cut short at 8 bytes to 64 KiB,
and 300 copies of its first 200 KB with 1 to 8 random bytes changed within its first 4 KiB.
    hostile.py DEST PHOTO...
"""
import os
import random
import sys

random.seed(7)
dest, photos = sys.argv[1], sys.argv[2:]
os.makedirs(dest, exist_ok=True)
n = 0
for photo in photos:
    data = open(photo, "rb").read()
    ext = os.path.splitext(photo)[1]
    for cut in (8, 16, 32, 64, 128, 256, 512, 1024, 4096, 16384, 65536):
        if cut < len(data):
            open(os.path.join(dest, f"t{n:05d}_{cut}{ext}"), "wb").write(data[:cut])
            n += 1
    head = min(len(data), 4096)
    for _ in range(300):
        copy = bytearray(data[:200_000])
        for _ in range(random.choice((1, 2, 4, 8))):
            copy[random.randrange(head)] = random.randrange(256)
        open(os.path.join(dest, f"m{n:05d}{ext}"), "wb").write(bytes(copy))
        n += 1
print(f"{n} damaged files in {dest}")
