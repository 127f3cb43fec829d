#!/usr/bin/env python3
"""Turns bench/run.sh's hyperfine JSON files into the Markdown tables of docs/performance.md.

  report.py RESULTS_DIR > results.md

Files are named n<N>-<transport>-<scenario>-<tool>.json; a measurement whose clones failed the
check has no file and shows as "failed".
"""

import json
import pathlib
import re
import statistics
import sys

TOOLS = ["grex", "gitloop", "git", "mr", "vcs", "gita", "meta"]
PEERS = ["git", "mr", "vcs", "gita", "meta"]  # what users compare grex with
SCENARIOS = [("clone", "first clone"), ("new", "sync, 1 new commit per repo"),
             ("noop", "sync, nothing new"), ("status", "status, 10% dirty")]
LABELS = {"grex": "grex", "gitloop": "libgit2 loop", "git": "git + xargs", "mr": "myrepos",
          "vcs": "vcstool", "gita": "gita", "meta": "meta"}


def load(results):
    data = {}
    failed = set()
    for path in results.glob("n*-*-*-*.json"):
        m = re.match(r"n(\d+)-(\w+)-(\w+)-(\w+)\.json$", path.name)
        if not m:
            continue
        n, transport, scenario, tool = int(m[1]), m[2], m[3], m[4]
        doc = json.loads(path.read_text())
        times = doc["results"][0]["times"]
        data[(n, transport, scenario, tool)] = {
            "median": statistics.median(times), "min": min(times), "max": max(times),
            "runs": len(times), "rss": doc.get("peak_rss_kb")}
    failures = results / "failures.txt"
    if failures.exists():
        for line in failures.read_text().split("\n"):
            parts = line.split()
            if len(parts) == 4:
                failed.add((int(parts[0]), parts[1], parts[2].replace("-rss", ""), parts[3]))
    return data, failed


def cell(entry):
    if entry is None:
        return "—"
    return "%.2f (%.2f–%.2f)" % (entry["median"], entry["min"], entry["max"])


def main(argv):
    results = pathlib.Path(argv[1])
    data, failed = load(results)
    order = {"file": 0, "daemon": 1}
    keys = sorted({(n, t) for (n, t, _, _) in data} | {(n, t) for (n, t, _, _) in failed},
                  key=lambda k: (k[0], order.get(k[1], 2)))
    out = []
    for n, transport in keys:
        url = "file://" if transport == "file" else "git:// (git daemon on loopback)"
        out.append("### %d repositories, %s\n" % (n, url))
        out.append("Seconds: median (min–max). RSS: peak resident memory of the largest process, "
                   "in MB.\n")
        out.append("| tool | " + " | ".join(title for _, title in SCENARIOS) + " | RSS clone / new |")
        out.append("|---|" + "---|" * (len(SCENARIOS) + 1))
        for tool in TOOLS:
            row = []
            present = False
            for scenario, _ in SCENARIOS:
                entry = data.get((n, transport, scenario, tool))
                if entry:
                    present = True
                    row.append(cell(entry))
                elif (n, transport, scenario, tool) in failed:
                    present = True
                    row.append("failed")
                else:
                    row.append("—")
            if not present:
                continue
            rss = []
            for scenario in ("clone", "new"):
                entry = data.get((n, transport, scenario, tool))
                rss.append("%.0f" % (entry["rss"] / 1024) if entry and entry["rss"] else "—")
            out.append("| %s | %s | %s |" % (LABELS[tool], " | ".join(row), " / ".join(rss)))
        out.append("")
        summary = []
        for scenario, title in SCENARIOS:
            grex = data.get((n, transport, scenario, "grex"))
            loop = data.get((n, transport, scenario, "gitloop"))
            peers = [(data[(n, transport, scenario, p)]["median"], p) for p in PEERS
                     if (n, transport, scenario, p) in data]
            if grex and loop:
                summary.append("%s: grex/libgit2 loop = %.2f" % (title, grex["median"] / loop["median"]))
            if grex and peers:
                best, who = min(peers)
                summary.append("%s: grex/fastest peer (%s) = %.2f"
                               % (title, LABELS[who], grex["median"] / best))
        if summary:
            out.append("Ratios of medians: " + "; ".join(summary) + ".\n")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
