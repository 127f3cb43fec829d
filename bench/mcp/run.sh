#!/usr/bin/env bash
# MCP round trips of grex serve over stdio, on a workspace of N packs (cloned, real), next to
# the reference server @modelcontextprotocol/server-everything under the same two clients (a
# minimal line client and the official TypeScript SDK client; see latency.cjs). Writes
# $OUT/mcp/results.md (the table in docs/performance.md) and the raw JSON beside it. Nothing
# here runs in CI.
#
#   bench/mcp/run.sh [--packs 400] [--calls 2000] [--out DIR]
#
# grex answers ping, tools/list and the ls tool in the 2025 era, and server/discover, tools/list
# and ls in the 2026-07-28 era (no handshake, the envelope in every request); server-everything
# answers ping and tools/list.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/../../tools/setup.sh"
source "$HERE/../lib.sh"

PACKS=400
CALLS=2000
OUT="$GREX_ROOT/.bench"
bench_options bench/mcp/run.sh "packs calls out" "$@"

GREX_PACKAGES+=(python3)
grex_install_packages
grex_install_node
bench_build
NODE_DIR="$OUT/mcp/node"
bench_npm "$HERE" "$NODE_DIR"
export NODE_PATH="$NODE_DIR/node_modules"

W="$OUT/mcp/work"
WS="$W/ws"
if [ ! -f "$W/packs-$PACKS" ]; then
    rm -rf "$W" && mkdir -p "$W"
    grex_say "generating $PACKS upstream repositories and a workspace that has them all"
    python3 "$HERE/../upstreams.py" create "$PACKS" "$W/up"
    mkdir -p "$WS"
    (cd "$WS" && "$GREX" init -q)
    python3 - "$W/up" "$W/repos.json" <<'PY'
import json, pathlib, sys
up = pathlib.Path(sys.argv[1])
repos = [{"url": "file://%s" % p, "path": p.name[:-4]} for p in sorted(up.glob("r*.git"))]
json.dump(repos, open(sys.argv[2], "w"))
PY
    (cd "$WS" && "$GREX" import -q --from-repos-json "$W/repos.json")
    (cd "$WS" && "$GREX" sync -q --parallel "$GREX_JOBS")
    touch "$W/packs-$PACKS"
fi

RESULTS="$OUT/mcp/results"
mkdir -p "$RESULTS"
grex_say "grex serve, 2025-06-18: ping, tools/list, ls ($CALLS calls each, $PACKS packs)"
node "$HERE/latency.cjs" --name grex --calls "$CALLS" --cwd "$WS" --methods ping,tools/list,ls \
    -- "$GREX" serve >"$RESULTS/grex.json"
grex_say "grex serve, 2026-07-28: server/discover, tools/list, ls ($CALLS calls each)"
node "$HERE/latency.cjs" --name grex-2026 --era 2026 --calls "$CALLS" --cwd "$WS" \
    --methods server/discover,tools/list,ls -- "$GREX" serve >"$RESULTS/grex-2026.json"
grex_say "server-everything: ping, tools/list ($CALLS calls each)"
node "$HERE/latency.cjs" --name server-everything --calls "$CALLS" --methods ping,tools/list \
    -- node "$NODE_DIR/node_modules/@modelcontextprotocol/server-everything/dist/index.js" stdio \
    >"$RESULTS/server-everything.json"

python3 - "$RESULTS" "$PACKS" >"$OUT/mcp/results.md" <<'PY'
import json, pathlib, sys
results, packs = pathlib.Path(sys.argv[1]), sys.argv[2]
print("| Server | Era | Client | Call | p50 ms | p99 ms | Calls/s, one at a time | Calls/s, 16 in flight | Reply bytes |")
print("|---|---|---|---|---:|---:|---:|---:|---:|")
for name in ("grex", "grex-2026", "server-everything"):
    doc = json.load(open(results / (name + ".json")))
    era = "2026-07-28" if doc.get("era") == "2026" else "2025-06-18"
    label = "grex serve (%s packs)" % packs if name.startswith("grex") else "server-everything %s" % doc["server"].get("version", "")
    for row in doc["rows"]:
        pipelined = "%.0f" % row["pipelined_calls_per_s"] if "pipelined_calls_per_s" in row else "-"
        size = str(row.get("reply_bytes", "-"))
        client = {"raw": "line", "sdk": "SDK v2" if doc.get("era") == "2026" else "SDK v1"}[row["client"]]
        print("| %s | %s | %s | %s | %.3f | %.3f | %.0f | %s | %s |" % (
            label, era, client, row["method"], row["p50_ms"], row["p99_ms"],
            row["sequential_calls_per_s"], pipelined, size))
PY
cat "$OUT/mcp/results.md"
grex_say "results: $OUT/mcp/results.md (raw: $RESULTS)"
