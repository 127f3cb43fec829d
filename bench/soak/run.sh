#!/usr/bin/env bash
# Soak: 10 000 tool calls over one stdio session of grex serve, then 10 000 over one streamable
# HTTP session, with the server's memory read from /proc along the way (soak.cjs). Fails (exit 1)
# when the server's RSS at the end is 5 % or more above its RSS after the 1000 warm-up calls
# (why 1000: soak.cjs), or when any answer is not the one that call must give. Writes
# $OUT/soak/results.md and the raw JSON (one document per transport, with every checkpoint)
# beside it. Nothing here runs in CI.
#
#   bench/soak/run.sh [--calls 10000] [--warmup 1000] [--early 200] [--every 1000]
#                     [--in-flight 4] [--max-growth 5] [--transports "stdio http"]
#                     [--mix all|status] [--layout mixed|plain] [--grex PATH] [--out DIR]
#
# The workspace: 10 packs cloned from local bare repositories (bench/upstreams.py), made afresh
# for every run; with --layout mixed (the default) also 3 partial clones (--filter blob:none,
# repository format version 1), 2 shallow ones (--depth 1) and a superproject with a submodule,
# which libgit2 reads differently. --mix status calls nothing but status. Drift that no sync removes: r002 has a changed tracked file, r003 a local commit
# (ahead), r004 an untracked file. --grex runs another build of grex (for example one under
# investigation) instead of the Release build this script makes.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/../../tools/setup.sh"
source "$HERE/../lib.sh"

CALLS=10000
WARMUP=1000
EARLY=200
EVERY=1000
IN_FLIGHT=4
MAX_GROWTH=5
TRANSPORTS="stdio http"
MIX=all
LAYOUT=mixed
GREX_BIN=""
OUT="$GREX_ROOT/.bench"
bench_options bench/soak/run.sh "calls warmup early every in-flight max-growth transports mix layout grex=GREX_BIN out" "$@"

GREX_PACKAGES+=(python3)
grex_install_packages
grex_install_node
bench_grex "$GREX_BIN"
# The client is the official TypeScript SDK, the same packages as bench/mcp.
NODE_DIR="$OUT/soak/node"
bench_npm "$HERE/../mcp" "$NODE_DIR"
export NODE_PATH="$NODE_DIR/node_modules"

W="$OUT/soak/work"
WS="$W/ws"
rm -rf "$W" && mkdir -p "$WS"
grex_say "a workspace of 10 packs from local bare repositories, three of them drifted"
python3 "$HERE/../upstreams.py" create 10 "$W/up"
python3 - "$W/up" "$W/repos.json" <<'PY'
import json, pathlib, sys
up = pathlib.Path(sys.argv[1])
repos = [{"url": "file://%s" % p, "path": p.name[:-4]} for p in sorted(up.glob("r*.git"))]
json.dump(repos, open(sys.argv[2], "w"))
PY
(cd "$WS" && "$GREX" init -q >/dev/null && "$GREX" import -q --from-repos-json "$W/repos.json" >/dev/null \
    && "$GREX" sync -q >/dev/null)
PACKS=10
if [ "$LAYOUT" = mixed ]; then
    grex_say "and 6 packs git makes differently: 3 partial clones, 2 shallow ones, a superproject"
    # The submodule is a local repository, which git fetches only when file:// is allowed.
    export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=protocol.file.allow GIT_CONFIG_VALUE_0=always
    for i in 1 2 3; do
        (cd "$WS" && "$GREX" add -q --filter blob:none "file://$W/up/r001.git" "partial$i" >/dev/null)
    done
    for i in 1 2; do
        (cd "$WS" && "$GREX" add -q --depth 1 "file://$W/up/r005.git" "shallow$i" >/dev/null)
    done
    git init -q -b main "$W/lib"
    git -C "$W/lib" -c user.name=soak -c user.email=soak@grex.invalid commit -q --allow-empty -m lib
    git init -q -b main "$W/super"
    git -C "$W/super" submodule -q add "file://$W/lib" vendor/lib
    git -C "$W/super" -c user.name=soak -c user.email=soak@grex.invalid commit -q -m "with a submodule"
    (cd "$WS" && "$GREX" add -q "file://$W/super" super >/dev/null)
    PACKS=16
fi
echo "a local change" >>"$WS/r002/$(git -C "$WS/r002" ls-files | head -n1)"
git -C "$WS/r003" -c user.name=soak -c user.email=soak@grex.invalid commit -q --allow-empty -m "local commit"
echo "not tracked" >"$WS/r004/untracked.txt"

RESULTS="$OUT/soak/results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
failed=0
for transport in $TRANSPORTS; do
    grex_say "grex serve over $transport: $CALLS tool calls in one session ($IN_FLIGHT in flight)"
    if ! node "$HERE/soak.cjs" --transport "$transport" --grex "$GREX" --workspace "$WS" \
        --calls "$CALLS" --warmup "$WARMUP" --early "$EARLY" --every "$EVERY" --in-flight "$IN_FLIGHT" \
        --max-growth "$MAX_GROWTH" --packs "$PACKS" --mix "$MIX" --out "$RESULTS/$transport.json" \
        --stderr "$RESULTS/$transport.server.log"; then
        failed=1
    fi
done

python3 - "$RESULTS" $TRANSPORTS >"$OUT/soak/results.md" <<'PY'
import json, pathlib, sys
results = pathlib.Path(sys.argv[1])
docs = [json.load(open(results / (t + ".json"))) for t in sys.argv[2:] if (results / (t + ".json")).exists()]
mb = lambda kb: "%.1f" % (kb / 1024)
early = docs[0]["early_calls"] if docs else "early"
warm = docs[0]["warmup_calls"] if docs else "warm-up"
print("| Transport | Calls | In flight | Seconds | Calls/s | RSS MB after %s calls | RSS MB after %s calls (start) | RSS MB at the end | Growth from the start | Growth from call %s | Peak RSS MB | Unexpected | Result |"
      % (early, warm, early))
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for d in docs:
    print("| %s | %d | %d | %.0f | %.0f | %s | %s | %s | %+.2f %% | %+.2f %% | %s | %d | %s |" % (
        d["transport"], d["calls"], d["in_flight"], d["seconds"], d["calls_per_s"], mb(d["rss_early_kb"]),
        mb(d["rss_start_kb"]), mb(d["rss_end_kb"]), d["growth_percent"], d["growth_from_early_percent"],
        mb(d["hwm_end_kb"]), d["unexpected_count"],
        "passed" if d["passed"] else "FAILED: " + "; ".join(d["failures"])))
print()
print("RSS (MB) at each checkpoint:")
print()
print("| Calls | " + " | ".join(d["transport"] for d in docs) + " |")
print("|---:|" + "---:|" * len(docs))
for calls in sorted({c["calls"] for d in docs for c in d["checkpoints"]}):
    row = []
    for d in docs:
        c = next((c for c in d["checkpoints"] if c["calls"] == calls), None)
        row.append(mb(c["rss_kb"]) if c else "")
    print("| %d | %s |" % (calls, " | ".join(row)))
print()
print("Answers (both transports):")
print()
totals = {}
for d in docs:
    for key, count in d["outcomes"].items():
        totals[key] = totals.get(key, 0) + count
for key in sorted(totals):
    print("- %s: %d" % (key, totals[key]))
PY
cat "$OUT/soak/results.md"
grex_say "results: $OUT/soak/results.md (raw: $RESULTS)"
exit "$failed"
