#!/usr/bin/env bash
# Layouts and importers: what nested packs and the importers of other tools cost, as ratios to
# today's flat `grex import --scan` of the same clones, all in one run. Nothing here runs in CI.
#
#   scan        grex import --scan of --clones (default 2 000) clones at the top of a fresh
#               workspace (flat, the baseline), of the same clones nested two and three levels
#               deep (the first half at g<i%20>/r<i>, the rest at a<i%10>/b<i%7>/r<i>), and of
#               --entries (default 1 000) flat clones
#   import      grex import --from FILE of --entries projects at src/group<i%20>/repo<i>, into a
#               fresh empty workspace (a real import, not --dry-run), from each format grex
#               reads: vcstool team.repos, west.yml, repo default.xml, mani.yaml, myrepos
#               .mrconfig, gita repos.csv (with groups.csv; it lists --entries nested clones in
#               a folder of their own, whose origins grex reads) and grex's repos.json
#   status      grex status on the nested workspace after its import, run from the workspace's
#               root, from a pack two levels deep (g3/r3) and from one three levels deep
#
#   bench/layout/run.sh [--clones 2000] [--entries 1000] [--runs 11] [--grex PATH] [--out DIR]
#
# The upstreams are copies of one bare repository (one commit of one file), served as file://
# URLs; the clones are copies of one clone, each with its own origin (bench/layout/layout.py).
# Every case runs once to warm up, then --runs times, the cases interleaved so that a slow
# spell of the machine falls on all of them. Each import starts from a fresh workspace, and only
# the grex command is timed: the warm-up runs in a copy (cp -a) of the case's workspace, and
# when it changed nothing but the files at the top (grex.jsonl, .gitignore), later runs get
# those put back instead of a new copy of 2 000 clones. The report gives medians and ratios: on
# a noisy 2-core machine, the ratios are the figures to compare, not the seconds. Results:
# DIR/results.md (default .bench/layout), every timing in DIR/results/timings.json. About 5
# minutes on 2 cores with the defaults once built, most of it making the clones.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH="$(cd "$HERE/.." && pwd)"
source "$BENCH/../tools/setup.sh"
source "$BENCH/lib.sh"

CLONES=2000
ENTRIES=1000
RUNS=11
GREX_BIN=""
OUT="$GREX_ROOT/.bench/layout"
bench_options bench/layout/run.sh "clones entries runs grex=GREX_BIN out" "$@"
if [ "$ENTRIES" -gt "$CLONES" ]; then
    echo "bench/layout/run.sh: --entries is at most --clones (the projects use the same upstreams)" >&2
    exit 2
fi
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

GREX_PACKAGES+=(python3)
grex_install_packages
bench_grex "$GREX_BIN"

PY=/usr/bin/python3
LAYOUT="$PY $HERE/layout.py"
WORK="$OUT/work"
RESULTS="$OUT/results"
rm -rf "$WORK" "$RESULTS"
mkdir -p "$WORK" "$RESULTS"
# The same git settings for every run: none of the caller's, none of /etc/gitconfig's.
export HOME="$WORK/home" GIT_CONFIG_NOSYSTEM=1
unset GREX_WORKSPACE GREX_PARALLEL
mkdir -p "$HOME"

UP="$WORK/up"
grex_say "making $CLONES upstream repositories"
$LAYOUT upstreams "$CLONES" "$UP"

# template <dir> <count> <layout>: an initialised workspace holding the clones, not imported.
template() {
    mkdir -p "$1"
    (cd "$1" && "$GREX" init -q >/dev/null)
    [ "$2" -gt 0 ] && $LAYOUT clones "$UP" "$1" "$2" "$3"
    return 0
}
T="$WORK/templates"
grex_say "making the workspaces: $CLONES clones flat, $CLONES nested, $ENTRIES flat, one empty"
template "$T/flat-$CLONES" "$CLONES" flat
template "$T/nested-$CLONES" "$CLONES" nested
template "$T/flat-$ENTRIES" "$ENTRIES" flat
template "$T/empty" 0 flat
grex_say "making gita's $ENTRIES nested clones and the $ENTRIES-project files"
$LAYOUT clones "$UP" "$WORK/gita-clones" "$ENTRIES" nested
$LAYOUT manifests "$UP" "$ENTRIES" "$WORK/files" "$WORK/gita-clones"

# The workspace status runs in: the nested clones, imported once.
STATUS_WS="$WORK/status"
cp -a "$T/nested-$CLONES" "$STATUS_WS"
(cd "$STATUS_WS" && "$GREX" import -q --scan >/dev/null)
DEEP2="g3/r3"
DEEP3="$(cd "$STATUS_WS" && ls -d a3/b*/r* | head -n 1)"

$PY - "$GREX" "$WORK" "$T" "$CLONES" "$ENTRIES" "$STATUS_WS" "$DEEP2" "$DEEP3" \
    >"$WORK/spec.json" <<'EOF'
import json, sys
grex, work, templates, clones, entries, status, deep2, deep3 = sys.argv[1:]
cases = []
for name, template, count in (("scan-flat-%s" % clones, "flat-" + clones, clones),
                              ("scan-nested-%s" % clones, "nested-" + clones, clones),
                              ("scan-flat-%s" % entries, "flat-" + entries, entries)):
    ws = "%s/run-%s" % (work, name)
    cases.append({"name": name, "args": ["import", "-q", "--scan"], "cwd": ws,
                  "template": "%s/%s" % (templates, template), "workspace": ws,
                  "expect": int(count)})
for fmt, file in (("vcstool", "team.repos"), ("west", "west.yml"), ("repo", "default.xml"),
                  ("mani", "mani.yaml"), ("mrconfig", ".mrconfig"), ("gita", "repos.csv"),
                  ("repos-json", "repos.json")):
    ws = "%s/run-%s" % (work, fmt)
    cases.append({"name": "import-" + fmt,
                  "args": ["import", "-q", "--from", "%s/files/%s" % (work, file)],
                  "cwd": ws, "template": templates + "/empty", "workspace": ws,
                  "expect": int(entries)})
for name, where in (("status-root", ""), ("status-" + deep2, deep2), ("status-" + deep3, deep3)):
    cases.append({"name": name, "args": ["status", "-q"],
                  "cwd": status + ("/" + where if where else "")})
json.dump({"grex": grex, "cases": cases}, sys.stdout, indent=1)
EOF

grex_say "timing $(grep -c '"name"' "$WORK/spec.json") cases, $RUNS runs each after a warm-up"
$LAYOUT time "$WORK/spec.json" "$RUNS" "$RESULTS/timings.json"

$PY - "$RESULTS/timings.json" "$CLONES" "$ENTRIES" "$RUNS" "$DEEP2" "$DEEP3" \
    "$("$GREX" --version)" >"$OUT/results.md" <<'EOF'
import json, statistics, sys
timings = json.load(open(sys.argv[1]))
clones, entries, runs = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
deep2, deep3, version = sys.argv[5:8]
med = {name: statistics.median(t) for name, t in timings.items()}
spread = {name: "%.3f–%.3f" % (min(t), max(t)) for name, t in timings.items()}
flat, flat_small = med["scan-flat-%d" % clones], med["scan-flat-%d" % entries]
print("### Layouts and importers (%s; %d runs each, medians)\n" % (version, runs))
print("| grex import --scan | clones | median s | min–max s | ms per clone | / flat scan of %d |"
      % clones)
print("|---|---:|---:|---:|---:|---:|")
for name, count, what in (("scan-flat-%d" % clones, clones, "flat"),
                          ("scan-nested-%d" % clones, clones, "nested, 2 and 3 levels"),
                          ("scan-flat-%d" % entries, entries, "flat")):
    print("| %s | %d | %.3f | %s | %.3f | %.2f |" % (what, count, med[name], spread[name],
                                                    1000 * med[name] / count, med[name] / flat))
print()
print("| grex import --from (%d projects) | median s | min–max s | ms per entry | "
      "/ flat scan of %d | / flat scan of %d, per entry | within 2x |" % (entries, entries, clones))
print("|---|---:|---:|---:|---:|---:|---|")
for fmt, file in (("vcstool", "team.repos"), ("west", "west.yml"), ("repo", "default.xml"),
                  ("mani", "mani.yaml"), ("mrconfig", ".mrconfig"), ("gita", "repos.csv"),
                  ("repos-json", "repos.json")):
    t = med["import-" + fmt]
    per_entry = t / (flat * entries / clones)
    print("| %s `%s` | %.3f | %s | %.3f | %.3f | %.3f | %s |"
          % (fmt, file, t, spread["import-" + fmt], 1000 * t / entries, t / flat_small,
             per_entry, "yes" if t / flat_small <= 2 else "**no**"))
print()
print("| grex status, %d nested packs, run from | median s | min–max s | / from the root |"
      % clones)
print("|---|---:|---:|---:|")
root = med["status-root"]
for name, where in (("status-root", "the workspace's root"),
                    ("status-" + deep2, "`%s` (2 levels)" % deep2),
                    ("status-" + deep3, "`%s` (3 levels)" % deep3)):
    print("| %s | %.3f | %s | %.2f |" % (where, med[name], spread[name], med[name] / root))
EOF
grex_say "results: $OUT/results.md"
cat "$OUT/results.md"
