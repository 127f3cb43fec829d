#!/usr/bin/env bash
# grex at scale: N = 400, 2 000 and 10 000 small generated repositories (one commit of 8 files
# each), registered with `grex import --from-repos-json`, served as file:// URLs and over SSH
# behind bench/delayproxy.py (20 ms round trip; bench/servers.sh, as bench/run.sh serves them).
# For each N and transport it measures, with /usr/bin/time (seconds, and the peak resident set
# of the largest process of the run: grex, or one of its git processes if that were larger):
#
#   import   registering the N repositories (an empty workspace)
#   clone    the first sync: every repository cloned
#   new      sync after one new upstream commit in every repository
#   noop     sync with nothing new
#   status   grex status, ls, doctor
#
# and, once per N on the file:// workspace, grex serve's ls and status tools over stdio
# (bench/scale/serveprobe.py) and the window (bench/windowload.cpp under Xvfb: first paint,
# packs shown, the longest stall of its event loop, peak memory, then the stalls during its
# background fetch of every pack). After clone and new, every
# clone is checked against its upstream (bench/upstreams.py verify). Nothing here runs in CI.
#
#   bench/scale/run.sh [--sizes "400 2000 10000"] [--transports "file ssh"] [--runs 3]
#                      [--rtt-ms 20] [--out DIR]
#
# Syncs that move every pack (clone, new) run once per N; noop, status, ls and doctor run
# --runs times and report the median. Results: DIR/results.md (default .bench/scale), the raw
# measurements in DIR/results/*.tsv and *.json. About 40 minutes on 2 cores with the defaults,
# most of it the 10 000-pack syncs and making their upstreams.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$BENCH/../tools/setup.sh"
source "$BENCH/lib.sh"

SIZES="400 2000 10000"
TRANSPORTS="file ssh"
RUNS=3
RTT_MS=20
SSH_KEX="curve25519-sha256,curve25519-sha256@libssh.org" # as bench/run.sh; see start_sshd
OUT="$GREX_ROOT/.bench/scale"
bench_options bench/scale/run.sh "sizes transports runs rtt-ms out" "$@"
for transport in $TRANSPORTS; do
    case "$transport" in
    file | ssh | https) ;;
    *) echo "bench/scale/run.sh: unknown transport $transport (file, ssh or https)" >&2; exit 2 ;;
    esac
done
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

GREX_PACKAGES+=(time python3 xvfb xauth)
grex_install_packages
if [[ " $TRANSPORTS " == *" ssh "* || " $TRANSPORTS " == *" https "* ]]; then
    grex_install_packages openssh-client openssl util-linux passwd
    grex_install_server_packages openssh-server lighttpd lighttpd-mod-openssl
fi
bench_build --gui

PY=/usr/bin/python3
RESULTS="$OUT/results"
NET="$OUT/work/net"
BENCH_HOME="$OUT/work/home"
rm -rf "$RESULTS"
mkdir -p "$RESULTS" "$OUT/work"
source "$BENCH/servers.sh"
setup_home
setup_network

# measure <label> <runs> <command...>: runs the command (in the workspace $WS) <runs> times
# and appends "<label> <median seconds> <peak MiB> <runs>" to $TSV. Exit 7 (drift found) is a
# result for doctor, not a failure.
measure() {
    local label="$1" runs="$2" i line
    shift 2
    local times=() peaks=()
    for i in $(seq 1 "$runs"); do
        line="$(cd "$WS" && /usr/bin/time -f '%x %e %M' "$@" 2>&1 >/dev/null | tail -n 1)" || true
        case "$line" in
        '0 '* | '7 '*) ;;
        *) echo "bench/scale/run.sh: $label failed at N = $N over $TRANSPORT: $line" >&2; return 1 ;;
        esac
        [ "${line%% *}" = 7 ] && [ "$label" != doctor ] && {
            echo "bench/scale/run.sh: $label exited with 7 at N = $N over $TRANSPORT" >&2
            return 1
        }
        line="${line#* }"
        times+=("${line% *}")
        peaks+=("${line#* }")
    done
    $PY - "$label" "$runs" "${times[*]}" "${peaks[*]}" >>"$TSV" <<'EOF'
import statistics, sys
label, runs, times, peaks = sys.argv[1:]
seconds = statistics.median(float(t) for t in times.split())
peak = max(int(p) for p in peaks.split()) / 1024
print("%s\t%.2f\t%.1f\t%s" % (label, seconds, peak, runs))
EOF
    grex_say "N=$N $TRANSPORT $label: $(tail -n 1 "$TSV" | cut -f2) s, $(tail -n 1 "$TSV" | cut -f3) MiB"
}

# repos_json <file>: the N upstreams as grex import reads them, at the transport's URL.
repos_json() {
    $PY - "$UP" "$BASE" >"$1" <<'EOF'
import json, pathlib, sys
up, base = pathlib.Path(sys.argv[1]), sys.argv[2]
names = sorted(p.name[:-4] for p in up.glob("r*.git"))
json.dump([{"url": "%s/%s.git" % (base, n), "path": n} for n in names], sys.stdout)
EOF
}

verify() {
    if ! $PY "$BENCH/upstreams.py" verify "$UP" "$WS"; then
        echo "bench/scale/run.sh: after $1, the clones at N = $N over $TRANSPORT are wrong" >&2
        return 1
    fi
}

for N in $SIZES; do
    UP="$OUT/work/up-$N"
    if [ ! -f "$UP/.complete" ]; then
        grex_say "making $N small upstream repositories in $UP"
        rm -rf "$UP"
        $PY "$BENCH/upstreams.py" create "$N" "$UP" --small
        touch "$UP/.complete"
    fi
    for TRANSPORT in $TRANSPORTS; do
        TSV="$RESULTS/n$N-$TRANSPORT.tsv"
        WS="$OUT/work/ws-$N-$TRANSPORT"
        rm -rf "$WS" "$TSV"
        mkdir -p "$WS"
        (cd "$WS" && "$GREX" init -q >/dev/null)
        start_transport grex
        repos_json "$OUT/work/repos-$N-$TRANSPORT.json"
        measure import 1 "$GREX" import -q --from-repos-json "$OUT/work/repos-$N-$TRANSPORT.json"
        measure clone 1 "$GREX" sync -q
        verify clone
        $PY "$BENCH/upstreams.py" advance "$UP"
        measure new 1 "$GREX" sync -q
        verify "a new commit"
        measure noop "$RUNS" "$GREX" sync -q
        measure status "$RUNS" "$GREX" status -q
        measure ls "$RUNS" "$GREX" ls -q
        measure doctor "$RUNS" "$GREX" doctor -q
        stop_transport
        if [ "$TRANSPORT" = file ]; then
            grex_say "N=$N: grex serve's ls and status"
            $PY "$BENCH/scale/serveprobe.py" "$GREX" "$WS" --calls "$RUNS" \
                >"$RESULTS/n$N-serve.json"
            cat "$RESULTS/n$N-serve.json"
            grex_say "N=$N: the window under Xvfb"
            HOME="$OUT/work/window-home" xvfb-run -a -s "-screen 0 1400x900x24" \
                "$BENCH_WINDOW" "$WS" --fetch >"$RESULTS/n$N-window.json"
            cat "$RESULTS/n$N-window.json"
        fi
    done
done

$PY "$BENCH/scale/report.py" "$RESULTS" "$SIZES" "$TRANSPORTS" >"$OUT/results.md"
grex_say "results: $OUT/results.md"
cat "$OUT/results.md"
