#!/usr/bin/env bash
# Times grex against the tools people compare it with, on N generated upstream repositories
# served as file:// URLs and by git daemon on loopback. Writes hyperfine JSON per measurement
# and docs/performance.md-style tables to $OUT/results.md. Nothing here runs in CI.
#
#   bench/run.sh [--sizes "20 100 400"] [--transports "file daemon"] [--runs N]
#                [--tools "grex gitloop git mr vcs gita meta"] [--parallel N] [--out DIR]
#                [--scenarios "clone new noop status"]
#
# Scenarios, for every tool, on a fresh copy of the upstreams:
#   clone  an empty workspace that knows the N repositories gets them all
#   new    one new upstream commit in every repository is fetched and checked out
#   noop   nothing changed upstream
#   status every tenth clone has a changed tracked file; each tool's status command runs
#          (grex status, the libgit2 loop's status query, git status --porcelain through xargs,
#          mr status, vcs status, gita ll, meta git status)
# After each scenario every clone is checked against its upstream (bench/upstreams.py verify):
# a tool that did not do the work does not get a time.
#
# Peers: myrepos (mr -jN), vcstool (vcs --workers N), git through xargs -PN, the libgit2 loop in
# bench/gitloop.cpp (N threads), gita and meta (their own concurrency: gita starts every git at
# once, meta clones one by one and pulls all at once with --parallel).
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$BENCH/../tools/setup.sh"

SIZES="20 100 400"
TRANSPORTS="file daemon"
TOOLS="grex gitloop git mr vcs gita meta"
RUNS=""
SCENARIOS="clone new noop status"
PARALLEL=2
OUT="$GREX_ROOT/.bench"
while [ $# -gt 0 ]; do
    case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --transports) TRANSPORTS="$2"; shift 2 ;;
    --tools) TOOLS="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --scenarios) SCENARIOS="$2"; shift 2 ;;
    --parallel) PARALLEL="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    *) echo "bench/run.sh: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
    esac
done

# ---- set-up -------------------------------------------------------------------------------

source "$BENCH/lib.sh"
GREX_PACKAGES+=(myrepos vcstool gita hyperfine time python3)
grex_install_packages
grex_install_node # meta comes from npm
bench_build

if [[ " $TOOLS " == *" meta "* ]]; then
    NODE_DIR="$OUT/node"
    if ! bench_npm "$BENCH" "$NODE_DIR"; then
        echo "bench/run.sh: npm could not install meta; leaving it out" >&2
        TOOLS="${TOOLS/meta/}"
    fi
    export PATH="$NODE_DIR/node_modules/.bin:$PATH"
fi

RUNS_FOR() { # runs per measurement: fewer for the slow large sizes
    if [ -n "$RUNS" ]; then echo "$RUNS"; elif [ "$1" -ge 400 ]; then echo 5; else echo 10; fi
}

PY=/usr/bin/python3
RESULTS="$OUT/results"
mkdir -p "$RESULTS"
DAEMON_PID=""
cleanup() { [ -n "$DAEMON_PID" ] && kill "$DAEMON_PID" 2>/dev/null || true; }
trap cleanup EXIT

# ---- one tool --------------------------------------------------------------------------------

# Writes $T/<tool>.{reset,clone,sync}: the commands hyperfine runs for one tool.
prepare_tool() {
    local tool="$1"
    local t="$T/$tool"
    mkdir -p "$t"
    rm -f "$t/after-clone"
    local ws="$t/ws" reset clone sync status
    case "$tool" in
    grex)
        # Registered once with grex itself; a reset keeps only grex.jsonl, so sync must clone.
        rm -rf "$ws" && mkdir -p "$ws"
        (cd "$ws" && "$GREX" init -q >/dev/null)
        while read -r name url; do
            (cd "$ws" && "$GREX" add -q --no-install "$url" >/dev/null)
        done <"$LIST"
        cp "$ws/grex.jsonl" "$t/grex.jsonl"
        reset="rm -rf '$ws' && mkdir '$ws' && cd '$ws' && '$GREX' init -q >/dev/null && cp '$t/grex.jsonl' grex.jsonl"
        clone="cd '$ws' && '$GREX' sync --parallel $PARALLEL -q"
        sync="$clone"
        status="cd '$ws' && '$GREX' status -q"
        ;;
    gitloop)
        reset="rm -rf '$ws' && mkdir '$ws'"
        clone="'$GITLOOP' clone '$LIST' '$ws' $PARALLEL"
        sync="'$GITLOOP' sync '$LIST' '$ws' $PARALLEL"
        status="'$GITLOOP' status '$LIST' '$ws' $PARALLEL"
        ;;
    git)
        reset="rm -rf '$ws' && mkdir '$ws'"
        clone="cd '$ws' && awk '{print \$2, \$1}' '$LIST' | xargs -P$PARALLEL -n2 git clone -q"
        sync="cd '$ws' && awk '{print \$1}' '$LIST' | xargs -P$PARALLEL -I{} git -C {} pull -q --ff-only"
        status="cd '$ws' && awk '{print \$1}' '$LIST' | xargs -P$PARALLEL -I{} git -C {} status --porcelain"
        ;;
    mr)
        awk '{printf "[%s]\ncheckout = git clone '"'"'%s'"'"' '"'"'%s'"'"'\n", $1, $2, $1}' "$LIST" >"$t/mrconfig"
        reset="rm -rf '$ws' && mkdir '$ws' && cp '$t/mrconfig' '$ws/.mrconfig'"
        clone="cd '$ws' && mr -q -j$PARALLEL -c '$ws/.mrconfig' checkout"
        sync="cd '$ws' && mr -q -j$PARALLEL -c '$ws/.mrconfig' update"
        status="cd '$ws' && mr -q -j$PARALLEL -c '$ws/.mrconfig' status"
        ;;
    vcs)
        { echo "repositories:"; awk '{printf "  %s:\n    type: git\n    url: %s\n    version: main\n", $1, $2}' "$LIST"; } >"$t/repos.yaml"
        reset="rm -rf '$ws' && mkdir '$ws'"
        clone="vcs import --workers $PARALLEL --input '$t/repos.yaml' '$ws'"
        sync="vcs pull --workers $PARALLEL '$ws'"
        status="vcs status --workers $PARALLEL '$ws'"
        ;;
    gita)
        awk -v ws="$ws" '{printf "%s,%s,%s/%s\n", $2, $1, ws, $1}' "$LIST" >"$t/gita.csv"
        # gita keeps its registry under XDG_CONFIG_HOME; this one is the benchmark's own.
        local cfg="$t/config" paths
        paths="$(awk -v ws="$ws" '{printf "%s/%s ", ws, $1}' "$LIST")"
        reset="rm -rf '$ws' '$cfg' && mkdir '$ws'"
        clone="XDG_CONFIG_HOME='$cfg' gita clone -C '$ws' -f '$t/gita.csv'"
        sync="XDG_CONFIG_HOME='$cfg' gita pull"
        status="XDG_CONFIG_HOME='$cfg' gita ll"
        # Registering the clones is set-up, not part of the clone time.
        echo "XDG_CONFIG_HOME='$cfg' gita add $paths >/dev/null" >"$t/after-clone"
        ;;
    meta)
        # meta's workspace is itself a repository whose .meta file lists the others.
        local src="$t/meta-src"
        rm -rf "$src" "$t/meta-root.git" && mkdir -p "$src"
        $PY - "$LIST" "$src/.meta" <<'PY'
import json, sys
projects = dict(line.split() for line in open(sys.argv[1]) if line.strip())
json.dump({"projects": projects}, open(sys.argv[2], "w"), indent=2)
PY
        awk '{print $1 "/"}' "$LIST" >"$src/.gitignore"
        git -C "$src" init -q -b main
        git -C "$src" add -A
        git -C "$src" -c user.name=bench -c user.email=bench@grex.invalid commit -q -m meta
        git clone -q --bare "$src" "$t/meta-root.git"
        ws="$t/meta-root"
        reset="rm -rf '$ws'"
        clone="cd '$t' && meta git clone 'file://$t/meta-root.git'"
        sync="cd '$ws' && meta git pull --parallel"
        status="cd '$ws' && meta git status"
        ;;
    esac
    echo "$reset" >"$t/reset"
    echo "$clone" >"$t/clone"
    echo "$sync" >"$t/sync"
    echo "$status" >"$t/status"
    echo "$ws" >"$t/ws-path"
}

verify() { # verify <tool> <scenario>
    local ws
    ws="$(cat "$T/$1/ws-path")"
    case "$2" in status*) return 0 ;; esac # status changes nothing
    if ! $PY "$BENCH/upstreams.py" verify "$UP" "$ws"; then
        echo "bench/run.sh: $1 left wrong clones after '$2' (n=$N, $TRANSPORT); its time is void" >&2
        echo "$N $TRANSPORT $2 $1" >>"$RESULTS/failures.txt"
        return 1
    fi
}

# peak RSS (KB) of one more run: the largest process of the tool's process tree
peak_rss() { # peak_rss <prepare cmd or ""> <cmd>
    [ -n "$1" ] && bash -c "$1" >/dev/null 2>&1
    /usr/bin/time -f '%M' -o "$T/rss" bash -c "$2" >/dev/null 2>&1 || true
    cat "$T/rss"
}

# Changes one tracked file in every tenth clone of the tool's workspace (the status scenario).
dirty_clones() { # dirty_clones <tool>
    local ws i=0
    ws="$(cat "$T/$1/ws-path")"
    while read -r name _; do
        i=$((i + 1))
        [ $((i % 10)) -eq 0 ] || continue
        echo "local change" >>"$ws/$name/$(git -C "$ws/$name" ls-files | head -n1)"
    done <"$LIST"
}

measure() { # measure <tool> <scenario>
    local tool="$1" scenario="$2" t="$T/$1" runs prepare cmd json
    runs="$(RUNS_FOR "$N")"
    json="$RESULTS/n$N-$TRANSPORT-$scenario-$tool.json"
    case "$scenario" in
    clone) prepare="$(cat "$t/reset")"; cmd="$(cat "$t/clone")" ;;
    new) prepare="$PY '$BENCH/upstreams.py' advance '$UP'"; cmd="$(cat "$t/sync")" ;;
    noop) prepare=""; cmd="$(cat "$t/sync")" ;;
    status) prepare=""; cmd="$(cat "$t/status")"; dirty_clones "$tool" ;;
    esac
    local args=(--runs "$runs" --export-json "$json" --style none --command-name "$tool")
    # The first new-commit run may also fetch the commits of the tools before: a warm-up
    # run (with its prepare) absorbs it.
    [ "$scenario" != clone ] && args+=(--warmup 1)
    [ -n "$prepare" ] && args+=(--prepare "$prepare")
    grex_say "n=$N $TRANSPORT $scenario: $tool ($runs runs)"
    hyperfine "${args[@]}" "$cmd" >/dev/null
    verify "$tool" "$scenario" || { rm -f "$json"; return 0; }
    local rss
    rss="$(peak_rss "$prepare" "$cmd")"
    $PY - "$json" "$rss" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
data["peak_rss_kb"] = int(sys.argv[2]) if sys.argv[2].strip().isdigit() else None
json.dump(data, open(sys.argv[1], "w"))
PY
    verify "$tool" "$scenario-rss" || rm -f "$json"
    if [ "$scenario" = clone ] && [ -f "$t/after-clone" ]; then
        bash -c "$(cat "$t/after-clone")"
    fi
}

# ---- the matrix ------------------------------------------------------------------------------

for N in $SIZES; do
    W="$OUT/work/n$N"
    rm -rf "$W"
    mkdir -p "$W"
    grex_say "generating $N upstream repositories"
    $PY "$BENCH/upstreams.py" create "$N" "$W/pristine"
    for TRANSPORT in $TRANSPORTS; do
        T="$W/$TRANSPORT"
        UP="$T/up"
        for tool in $TOOLS; do
            # Every tool starts from the same upstreams: earlier tools' new commits are gone.
            mkdir -p "$T"
            rm -rf "$UP" && cp -a "$W/pristine" "$UP"
            if [ "$TRANSPORT" = daemon ]; then
                cleanup
                PORT="$($PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
                git daemon --reuseaddr --listen=127.0.0.1 --port="$PORT" --base-path="$UP" \
                    --export-all --max-connections=0 "$UP" 2>/dev/null &
                DAEMON_PID=$!
                sleep 0.5
                BASE="git://127.0.0.1:$PORT"
            else
                BASE="file://$UP"
            fi
            LIST="$T/list.txt"
            for repo in "$UP"/r*.git; do
                name="$(basename "$repo" .git)"
                echo "$name $BASE/$name.git"
            done >"$LIST"
            prepare_tool "$tool"
            if [[ " $SCENARIOS " != *" clone "* ]]; then
                # The other scenarios need the clones: made once, untimed.
                bash -c "$(cat "$T/$tool/reset")" >/dev/null 2>&1
                bash -c "$(cat "$T/$tool/clone")" >/dev/null 2>&1
                [ -f "$T/$tool/after-clone" ] && bash -c "$(cat "$T/$tool/after-clone")"
            fi
            for scenario in $SCENARIOS; do
                measure "$tool" "$scenario"
            done
        done
        cleanup
        DAEMON_PID=""
    done
done

$PY "$BENCH/report.py" "$RESULTS" >"$OUT/results.md"
grex_say "results: $OUT/results.md (raw: $RESULTS)"
