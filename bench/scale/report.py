#!/usr/bin/env python3
"""Tables for docs/performance.md from bench/scale/run.sh's measurements.

  report.py RESULTS "SIZES" "TRANSPORTS"

Per transport: seconds and peak MiB of each scenario at each N, the cost per pack between
consecutive sizes (the slope: linear growth keeps it level), and what 100 000 packs would take
if the slope between the two largest sizes held. Then grex serve's tools and the window.
"""

import json
import pathlib
import statistics
import sys

LABELS = {"import": "import (register)", "clone": "sync, first clone",
          "new": "sync, 1 new commit each", "noop": "sync, nothing new", "status": "status",
          "ls": "ls", "doctor": "doctor"}
TARGET = 100_000


def read_tsv(path):
    rows = {}
    if path.exists():
        for line in path.read_text().splitlines():
            label, seconds, peak, _runs = line.split("\t")
            rows[label] = (float(seconds), float(peak))
    return rows


def slope_ms(a, b, na, nb):
    return (b - a) / (nb - na) * 1000


def transport_table(results, sizes, transport):
    data = {n: read_tsv(results / ("n%d-%s.tsv" % (n, transport))) for n in sizes}
    head = ["", *("N = %d" % n for n in sizes)]
    head += ["ms per pack, %d→%d" % (a, b) for a, b in zip(sizes, sizes[1:])]
    if len(sizes) >= 2:
        head.append("N = %d (projected)" % TARGET)
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, title in LABELS.items():
        cells = [title]
        for n in sizes:
            value = data[n].get(label)
            cells.append("%.2f s, %.1f MiB" % value if value else "—")
        for a, b in zip(sizes, sizes[1:]):
            va, vb = data[a].get(label), data[b].get(label)
            cells.append("%.2f" % slope_ms(va[0], vb[0], a, b) if va and vb else "—")
        if len(sizes) >= 2:
            a, b = sizes[-2], sizes[-1]
            va, vb = data[a].get(label), data[b].get(label)
            if va and vb:
                seconds = vb[0] + slope_ms(va[0], vb[0], a, b) / 1000 * (TARGET - b)
                peak = vb[1] + (vb[1] - va[1]) / (b - a) * (TARGET - b)
                cells.append("%s, %.0f MiB" % (duration(seconds), peak))
            else:
                cells.append("—")
        out.append("| " + " | ".join(cells) + " |")
    return out


def duration(seconds):
    if seconds >= 120:
        return "%.0f min" % (seconds / 60)
    return "%.1f s" % seconds


def serve_table(results, sizes):
    out = ["| N | initialize | ls (median) | status (median) | peak MiB |", "|---|---|---|---|---|"]
    for n in sizes:
        path = results / ("n%d-serve.json" % n)
        if not path.exists():
            continue
        r = json.loads(path.read_text())
        out.append("| %d | %.0f ms | %.0f ms | %.0f ms | %.1f |" % (
            n, r["initialize_ms"], statistics.median(r["ls_ms"]),
            statistics.median(r["status_ms"]), r["peak_rss_mib"]))
    return out


def window_table(results, sizes):
    out = ["| N | first paint | packs shown | longest stall | stalls over 100 ms | peak MiB |",
           "|---|---|---|---|---|---|"]
    for n in sizes:
        path = results / ("n%d-window.json" % n)
        if not path.exists():
            continue
        r = json.loads(path.read_text())
        out.append("| %d | %.0f ms | %.0f ms | %.0f ms | %d | %.1f |" % (
            n, r["first_paint_ms"], r["packs_painted_ms"], r["longest_stall_ms"],
            r["stalls_over_100ms"], r["peak_rss_mib"]))
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    results = pathlib.Path(argv[0])
    sizes = [int(n) for n in argv[1].split()]
    lines = []
    for transport in argv[2].split():
        lines += ["### %s" % transport, ""] + transport_table(results, sizes, transport) + [""]
    lines += ["### grex serve over stdio (file:// workspace)", ""] + serve_table(results, sizes)
    lines += ["", "### The window (Xvfb)", ""] + window_table(results, sizes)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
