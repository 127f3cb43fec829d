#!/usr/bin/env bash
# What the live progress line costs: a no-op `grex sync` of N packs at a terminal, with the
# status line (redrawn four times a second) against the same run with --plain (none). Both run
# under script(1), so both have a terminal and only the flag differs; they run in alternating
# pairs, and the ratio is what counts (docs/performance.md). Nothing here runs in CI.
#
#   bench/progress.sh [--packs N] [--runs PAIRS] [--out DIR]
#
# Defaults: 400 packs, 30 pairs, .bench/progress.
source "$(dirname "${BASH_SOURCE[0]}")/../tools/setup.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PACKS=400
RUNS=30
OUT="$GREX_ROOT/.bench/progress"
bench_options bench/progress.sh "packs runs out" "$@"
case "$PACKS$RUNS" in
*[!0-9]*) echo "bench/progress.sh: --packs and --runs want whole numbers" >&2; exit 2 ;;
esac

grex_install_packages bsdutils python3
bench_build
PY=python3
rm -rf "$OUT"
mkdir -p "$OUT"
grex_say "generating $PACKS upstream repositories"
$PY "$GREX_ROOT/bench/upstreams.py" create "$PACKS" "$OUT/up"
WS="$OUT/ws"
mkdir -p "$WS"
(
    cd "$WS"
    "$GREX" init >/dev/null
    for repo in "$OUT"/up/*.git; do
        "$GREX" add "file://$repo" --no-install >/dev/null
    done
    "$GREX" sync >/dev/null
)
grex_say "timing a no-op sync of $PACKS packs: status line against --plain, $RUNS pairs"
cd "$WS"
# The two run in alternation, so that the machine's slow and fast moments fall on both alike
# (run one after the other, the order alone moved the means by 10 % here), and the ratio of
# each pair is what is summarised.
$PY - "$GREX" "$RUNS" "$OUT/progress.json" <<'PY' | tee "$OUT/progress.txt"
import json, statistics, subprocess, sys, time
grex, runs, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def timed(flags):
    start = time.perf_counter()
    subprocess.run(["script", "-qec", grex + " sync" + flags, "/dev/null"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
for _ in range(2):  # warm-up
    timed(""), timed(" --plain")
live, plain, ratios = [], [], []
for i in range(runs):
    # Which goes first alternates too.
    if i % 2:
        p, l = timed(" --plain"), timed("")
    else:
        l, p = timed(""), timed(" --plain")
    live.append(l); plain.append(p); ratios.append(l / p)
ratios.sort()
median = statistics.median(ratios)
# A 95 % interval of the median from the order statistics (normal approximation).
k = max(0, int(runs / 2 - 1.96 * runs ** 0.5 / 2))
low, high = ratios[k], ratios[min(runs - 1, runs - 1 - k)]
json.dump({"live_s": live, "plain_s": plain, "ratios": ratios}, open(out, "w"))
print("status line: mean %.1f ms; --plain: mean %.1f ms (%d pairs)" %
      (statistics.mean(live) * 1e3, statistics.mean(plain) * 1e3, runs))
print("status line / --plain, median of the pairs: %.3f (95 %% interval %.3f to %.3f)" %
      (median, low, high))
PY
