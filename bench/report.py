#!/usr/bin/env python3
"""Turns bench/run.sh's hyperfine JSON files into the Markdown tables of docs/performance.md.

  report.py RESULTS_DIR > results.md

Files are named n<N>-<transport>-<scenario>-<variant>.json, where the variant is a tool at its
own width (grex, gita, meta) or at a width given to it (<tool>_w<width>: grex --parallel, mr -j,
vcs --workers, xargs -P, the libgit2 loop's threads). A measurement whose clones failed the
check has no file and shows as "failed".

Each table has one row per tool. grex shows its default width (no flag) and each --parallel
width apart; every other tool shows its best width per scenario (the width in brackets when
more than one was measured), and the widths it was measured at follow the table. The ratios
compare grex at its default width with the fastest peer at its best width. On ssh and https
a line gives the delay proxy's own account of how late it delivered (proxy-*.txt).
"""

import json
import pathlib
import re
import statistics
import sys

TOOLS = ["grex", "gitloop", "git", "mr", "vcs", "gita", "meta"]
PEERS = ["git", "mr", "vcs", "gita", "meta"]  # what users compare grex with
SCENARIOS = [("clone", "first clone"), ("new", "sync, 1 new commit per repo"),
             ("noop", "sync, nothing new"), ("status", "status, 10% dirty, 10% untracked")]
LABELS = {"grex": "grex", "gitloop": "libgit2 loop", "git": "git + xargs", "mr": "myrepos",
          "vcs": "vcstool", "gita": "gita", "meta": "meta"}
WIDTH_FLAGS = {"grex": "--parallel %d", "gitloop": "%d threads", "git": "-P%d", "mr": "-j%d",
               "vcs": "--workers %d"}
ORDER = {"file": 0, "daemon": 1, "ssh": 2, "https": 3}


def split(variant):
    """("mr", 16) for mr_w16, ("gita", None) for gita."""
    m = re.match(r"([a-z]+)(?:_w(\d+))?$", variant)
    return (m[1], int(m[2]) if m[2] else None) if m else (variant, None)


def width_text(tool, width):
    return WIDTH_FLAGS.get(tool, "%d") % width if width is not None else "own width"


def load(results):
    data = {}
    failed = set()
    for path in results.glob("n*-*-*-*.json"):
        m = re.match(r"n(\d+)-(\w+?)-(\w+?)-(\w+)\.json$", path.name)
        if not m:
            continue
        n, transport, scenario, variant = int(m[1]), m[2], m[3], m[4]
        doc = json.loads(path.read_text())
        times = doc["results"][0]["times"]
        data[(n, transport, scenario, variant)] = {
            "median": statistics.median(times), "min": min(times), "max": max(times),
            "runs": len(times), "rss": doc.get("peak_rss_kb")}
    failures = results / "failures.txt"
    if failures.exists():
        for line in failures.read_text().split("\n"):
            parts = line.split()
            if len(parts) == 4:
                key = (int(parts[0]), parts[1], parts[2].replace("-rss", ""), parts[3])
                if key not in data:  # a later run of the same measurement succeeded
                    failed.add(key)
    return data, failed


def proxy_stats(results, n, transport):
    """[(variant, share of chunks more than 5 ms late, worst ms, slow connects)] from the
    proxy's --stats."""
    out = []
    for path in sorted(results.glob("proxy-n%d-%s-*.txt" % (n, transport))):
        variant = path.stem[len("proxy-n%d-%s-" % (n, transport)):]
        text = path.read_text()
        within = re.search(r"<=5ms ([0-9.]+)%", text)
        worst = re.search(r"worst ([0-9.]+) ms", text)
        slow = re.search(r"over 100 ms: (\d+)", text)
        if within and worst:
            out.append((variant, 100.0 - float(within[1]), float(worst[1]),
                        int(slow[1]) if slow else 0))
    return out


def cell(entry, width=None):
    if entry is None:
        return "—"
    text = "%.2f (%.2f–%.2f)" % (entry["median"], entry["min"], entry["max"])
    return text + (" [%s]" % width if width else "")


def describe(transport, rtt):
    return {"file": "file://",
            "daemon": "git:// (git daemon on loopback)",
            "ssh": "ssh (sshd on loopback, %s ms round trip added)" % rtt,
            "https": "https (lighttpd + git-http-backend on loopback, %s ms round trip added)"
                     % rtt}.get(transport, transport)


def table(out, results, data, failed, n, transport, rtt):
    variants = sorted({v for (n2, t, _, v) in list(data) + list(failed)
                       if n2 == n and t == transport})
    by_tool = {}
    for v in variants:
        tool, width = split(v)
        by_tool.setdefault(tool, []).append((width, v))

    def best(tool, scenario):
        """(entry, variant, width) of the tool's fastest width in a scenario, or failed."""
        entries = [(data[(n, transport, scenario, v)], v, w) for w, v in by_tool.get(tool, [])
                   if (n, transport, scenario, v) in data]
        if entries:
            return min(entries, key=lambda e: e[0]["median"])
        if any((n, transport, scenario, v) in failed for _, v in by_tool.get(tool, [])):
            return "failed"
        return None

    out.append("### %d repositories, %s\n" % (n, describe(transport, rtt)))
    out.append("Seconds: median (min–max). RSS: peak resident memory of the largest process, "
               "in MB.\n")
    out.append("| tool | " + " | ".join(title for _, title in SCENARIOS) + " | RSS clone / new |")
    out.append("|---|" + "---|" * (len(SCENARIOS) + 1))

    def row(label, picks):
        cells, present = [], False
        for pick, multiple in picks:
            if pick == "failed":
                cells.append("failed")
                present = True
            elif pick:
                entry, variant, width = pick
                cells.append(cell(entry, width_text(split(variant)[0], width) if multiple else None))
                present = True
            else:
                cells.append("—")
        if not present:
            return
        rss = []
        for scenario, (pick, _) in zip([s for s, _ in SCENARIOS], picks):
            if scenario in ("clone", "new"):
                entry = pick[0] if pick and pick != "failed" else None
                rss.append("%.0f" % (entry["rss"] / 1024) if entry and entry["rss"] else "—")
        out.append("| %s | %s | %s |" % (label, " | ".join(cells), " / ".join(rss)))

    def pick_variant(v, scenario):
        if (n, transport, scenario, v) in data:
            return (data[(n, transport, scenario, v)], v, split(v)[1])
        return "failed" if (n, transport, scenario, v) in failed else None

    for tool in TOOLS:
        if tool not in by_tool:
            continue
        if tool == "grex":
            # The default width and each --parallel width apart: the default is the point.
            for width, v in sorted(by_tool[tool], key=lambda e: (e[0] is not None, e[0] or 0)):
                label = "grex" if width is None else "grex --parallel %d" % width
                row(label, [(pick_variant(v, s), False) for s, _ in SCENARIOS])
            continue
        multiple = len(by_tool[tool]) > 1
        label = LABELS.get(tool, tool)
        if not multiple and by_tool[tool][0][0] is not None:
            label += " (%s)" % width_text(tool, by_tool[tool][0][0])
        row(label, [(best(tool, s), multiple) for s, _ in SCENARIOS])
    out.append("")

    summary = []
    for scenario, title in SCENARIOS:
        grex = data.get((n, transport, scenario, "grex"))
        loop = best("gitloop", scenario)
        peers = [best(p, scenario) for p in PEERS]
        peers = [p for p in peers if p and p != "failed"]
        if grex and loop and loop != "failed":
            summary.append("%s: grex/libgit2 loop = %.2f" % (title, grex["median"] / loop[0]["median"]))
        if grex and peers:
            entry, variant, width = min(peers, key=lambda e: e[0]["median"])
            tool = split(variant)[0]
            who = LABELS.get(tool, tool) + (" " + width_text(tool, width) if width else "")
            summary.append("%s: grex/fastest peer (%s) = %.2f"
                           % (title, who, grex["median"] / entry["median"]))
    if summary:
        out.append("Ratios of medians (grex at its default width): " + "; ".join(summary) + ".\n")

    sweeps = [t for t in TOOLS if t != "grex" and len(by_tool.get(t, [])) > 1]
    if sweeps:
        out.append("Every width measured (median seconds):\n")
        out.append("| tool | width | " + " | ".join(title for _, title in SCENARIOS) + " |")
        out.append("|---|---|" + "---|" * len(SCENARIOS))
        for tool in sweeps:
            for width, v in sorted(by_tool[tool], key=lambda e: e[0] or 0):
                cells = []
                for scenario, _ in SCENARIOS:
                    entry = data.get((n, transport, scenario, v))
                    cells.append("%.2f" % entry["median"] if entry else
                                 "failed" if (n, transport, scenario, v) in failed else "—")
                out.append("| %s | %s | %s |" % (LABELS.get(tool, tool), width_text(tool, width),
                                                 " | ".join(cells)))
        out.append("")

    stats = proxy_stats(results, n, transport)
    if stats:
        variant, late, worst, _ = max(stats, key=lambda s: s[1])
        slow = ["%s %d" % (s[0], s[3]) for s in stats if s[3]]
        out.append("Delay proxy: at most %.2f %% of the chunks of one tool's runs left more than "
                   "5 ms after their due time (%s); the latest was %.1f ms late (over all "
                   "tools: %.1f ms). Connects to the server that took over 100 ms (a full "
                   "listen queue): %s.\n" % (late, variant, worst, max(s[2] for s in stats),
                                             ", ".join(slow) if slow else "none"))


def main(argv):
    results = pathlib.Path(argv[1])
    data, failed = load(results)
    rtt_file = results / "rtt-ms.txt"
    rtt = rtt_file.read_text().strip() if rtt_file.exists() else "?"
    keys = sorted({(n, t) for (n, t, _, _) in data} | {(n, t) for (n, t, _, _) in failed},
                  key=lambda k: (k[0], ORDER.get(k[1], 9)))
    out = []
    for n, transport in keys:
        table(out, results, data, failed, n, transport, rtt)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
