#!/usr/bin/env bash
# A workspace that ages: N packs (default 100, small generated repositories over file://) synced
# after each of --fetches (default 200) new upstream commits, as a workspace synced every day for
# most of a year is. Then a fresh workspace of the same upstreams is cloned beside it, and status
# and a no-op sync are timed on both, in alternating pairs so that the machine's drift falls on
# both alike. Reports the medians, the ratio aged / fresh, what the clones hold (pack files,
# loose objects) and the size of each grex.jsonl. Nothing here runs in CI.
#
#   bench/ageing/run.sh [--packs 100] [--fetches 200] [--pairs 20] [--keep-packs]
#                       [--no-upkeep] [--out DIR]
#
# --keep-packs makes every fetch keep the pack it receives (transfer.unpackLimit=1), as fetches
# of more than 100 objects do, instead of unpacking a small fetch into loose objects: after 50
# fetches a clone is past git's gc.autoPackLimit. --no-upkeep sets gc.auto=0, which turns off
# grex's upkeep as it does git's, to show what the packs cost without it.
#
# Results: DIR/results.md (default .bench/ageing), the timings in DIR/results/*.json. About 15
# minutes on 2 cores with the defaults, most of it the 200 syncs.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$BENCH/../tools/setup.sh"
source "$BENCH/lib.sh"

PACKS=100
FETCHES=200
PAIRS=20
KEEP_PACKS=""
NO_UPKEEP=""
OUT="$GREX_ROOT/.bench/ageing"
bench_options bench/ageing/run.sh "packs fetches pairs keep-packs! no-upkeep! out" "$@"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

GREX_PACKAGES+=(python3)
grex_install_packages
bench_build

PY=/usr/bin/python3
WORK="$OUT/work"
RESULTS="$OUT/results"
rm -rf "$WORK" "$RESULTS"
mkdir -p "$WORK" "$RESULTS"
# The same git settings for every run: none of the caller's, none of /etc/gitconfig's.
export HOME="$WORK/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
[ -n "$KEEP_PACKS" ] && git config --global transfer.unpackLimit 1
[ -n "$NO_UPKEEP" ] && git config --global gc.auto 0
UP="$WORK/up"

grex_say "making $PACKS small upstream repositories"
$PY "$BENCH/upstreams.py" create "$PACKS" "$UP" --small
$PY - "$UP" >"$WORK/repos.json" <<'EOF'
import json, pathlib, sys
up = pathlib.Path(sys.argv[1])
json.dump([{"url": "file://%s" % p, "path": p.name[:-4]} for p in sorted(up.glob("r*.git"))],
          sys.stdout)
EOF

new_workspace() { # new_workspace <dir>: registered and cloned
    rm -rf "$1"
    mkdir -p "$1"
    (cd "$1" && "$GREX" init -q >/dev/null && "$GREX" import -q --from-repos-json "$WORK/repos.json" \
        >/dev/null && "$GREX" sync -q)
}

AGED="$WORK/aged"
FRESH="$WORK/fresh"
new_workspace "$AGED"
grex_say "ageing: $FETCHES rounds of one new commit in every upstream and a sync"
: >"$RESULTS/syncs.jsonl"
for round in $(seq 1 "$FETCHES"); do
    $PY "$BENCH/upstreams.py" advance "$UP"
    (cd "$AGED" && "$GREX" sync --json) | $PY -c '
import json, sys
d = json.load(sys.stdin)
m = d.get("maintenance", {})
print(json.dumps({"updated": d["outcomes"]["updated"], "failed": d["outcomes"]["failed"],
                  "repacked": len(m.get("repacked", [])), "waiting": len(m.get("waiting", []))}))
' >>"$RESULTS/syncs.jsonl"
    stat -c %s "$AGED/grex.jsonl" >>"$RESULTS/log-sizes.txt"
    if [ $((round % 20)) -eq 0 ]; then
        grex_say "round $round of $FETCHES: grex.jsonl $(stat -c %s "$AGED/grex.jsonl") bytes"
    fi
done
$PY "$BENCH/upstreams.py" verify "$UP" "$AGED"
# A new machine clones from a server that keeps its repositories packed: repacked here, since
# a file:// clone takes the upstream's object files as they are.
for repo in "$UP"/r*.git; do git --git-dir "$repo" repack -adq; done
new_workspace "$FRESH"
$PY "$BENCH/upstreams.py" verify "$UP" "$FRESH"

grex_say "timing status and a no-op sync, aged and fresh, in $PAIRS alternating pairs"
$PY - "$GREX" "$AGED" "$FRESH" "$PAIRS" >"$RESULTS/timings.json" <<'EOF'
import json, subprocess, sys, time
grex, aged, fresh, pairs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def timed(ws, args):
    start = time.monotonic()
    subprocess.run([grex, *args], cwd=ws, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start

out = {}
for name, args in (("status", ["status", "-q"]), ("noop", ["sync", "-q"])):
    for ws in (aged, fresh):  # one warm-up each
        timed(ws, args)
    runs = {"aged": [], "fresh": []}
    for i in range(pairs):
        order = (("aged", aged), ("fresh", fresh)) if i % 2 == 0 else (("fresh", fresh), ("aged", aged))
        for label, ws in order:
            runs[label].append(timed(ws, args))
    out[name] = runs
print(json.dumps(out))
EOF

# What the clones hold: pack files and loose objects, as git counts them.
clone_state() {
    local ws="$1" packs=0 loose=0 d
    for d in "$ws"/r*/; do
        packs=$((packs + $(find "$d.git/objects/pack" -name '*.pack' | wc -l)))
        loose=$((loose + $(find "$d.git/objects" -path '*/objects/??/*' -type f | wc -l)))
    done
    echo "$packs $loose"
}
read -r AGED_PACKS AGED_LOOSE < <(clone_state "$AGED")
read -r FRESH_PACKS FRESH_LOOSE < <(clone_state "$FRESH")

$PY - "$RESULTS" "$PACKS" "$FETCHES" "$AGED_PACKS" "$AGED_LOOSE" "$FRESH_PACKS" "$FRESH_LOOSE" \
    "$(stat -c %s "$AGED/grex.jsonl")" "$(stat -c %s "$FRESH/grex.jsonl")" \
    "$(git config --global --list 2>/dev/null | tr '\n' ' ' | sed 's/ $//')" >"$OUT/results.md" <<'EOF'
import json, pathlib, statistics, sys
results = pathlib.Path(sys.argv[1])
packs, fetches, aged_packs, aged_loose, fresh_packs, fresh_loose, aged_log, fresh_log = map(
    int, sys.argv[2:10])
timings = json.loads((results / "timings.json").read_text())
syncs = [json.loads(l) for l in (results / "syncs.jsonl").read_text().splitlines()]
sizes = [int(l) for l in (results / "log-sizes.txt").read_text().split()]
print("### %d packs after %d fetches each (%s)\n" % (packs, fetches, sys.argv[10] or "git's defaults"))
print("| | aged (median) | fresh (median) | aged / fresh |")
print("|---|---|---|---|")
for name, title in (("status", "status"), ("noop", "sync, nothing new")):
    a = statistics.median(timings[name]["aged"])
    f = statistics.median(timings[name]["fresh"])
    print("| %s | %.3f s | %.3f s | %.3f |" % (title, a, f, a / f))
print()
print("| | aged | fresh |")
print("|---|---|---|")
print("| pack files in all clones | %d | %d |" % (aged_packs, fresh_packs))
print("| loose objects in all clones | %d | %d |" % (aged_loose, fresh_loose))
print("| grex.jsonl | %d bytes | %d bytes |" % (aged_log, fresh_log))
print()
compactions = sum(1 for a, b in zip(sizes, sizes[1:]) if b < a)
print("During the ageing: %d syncs, %d packs updated in all, %d failed; %d clones repacked by "
      "sync and %d left waiting at the end; grex.jsonl peaked at %d bytes and was compacted "
      "%d times." % (len(syncs), sum(s["updated"] for s in syncs), sum(s["failed"] for s in syncs),
                     sum(s["repacked"] for s in syncs), syncs[-1]["waiting"] if syncs else 0,
                     max(sizes), compactions))
EOF
cat "$OUT/results.md"
