import re, sys, collections
def load(p):
    r = {}
    for line in open(p, errors="replace"):
        m = re.match(r"(\S+) (?:(\d+)x(\d+) ok|.*FAILED)", line)
        if m: r[m.group(1)] = (int(m.group(2)), int(m.group(3))) if m.group(2) else None
    return r
a, b = load(sys.argv[1]), load(sys.argv[2])
kinds = collections.Counter()
examples = collections.defaultdict(list)
for f in sorted(a):
    ext = f.rsplit(".", 1)[1].lower()
    ext = {"heic": "heif", "avif": "heif", "jpg": "jpeg"}.get(ext, ext)
    x, y = a[f], b.get(f)
    if y and 0 in y: y = None  # a 0×0 "success" is refused by the size check every probe ends with
    ext = ("cut " if "/t" in f else "flip ") + ext
    if x and y: k = "both read, same size" if x == y or x == y[::-1] else "both read, sizes differ"
    elif x: k = "cascade reads, library refuses"
    elif y: k = "cascade refuses, library reads"
    else: k = "both refuse"
    kinds[(ext, k)] += 1
    examples[(ext, k)].append(f"{f} {x} {y}")
for (ext, k), n in sorted(kinds.items()):
    print(f"{ext:5} {k:32} {n:4}   e.g. {examples[(ext,k)][0]}")
