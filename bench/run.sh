#!/usr/bin/env bash
# Times grex against the tools people compare it with, on N generated upstream repositories
# served four ways: as file:// URLs, by git daemon on loopback, and over SSH (sshd) and HTTPS
# (lighttpd with git-http-backend) on loopback behind a proxy that adds a fixed round-trip time,
# like a forge across a country. Writes hyperfine JSON per measurement and
# docs/performance.md-style tables to $OUT/results.md. Nothing here runs in CI.
#
#   bench/run.sh [--sizes "20 100 400"] [--transports "file daemon ssh https"] [--runs N]
#                [--tools "grex gitloop git mr vcs gita meta"] [--parallel "2"]
#                [--widths "8 16 32"] [--rtt-ms 20] [--ssh-kex LIST|default] [--out DIR]
#                [--scenarios "clone new noop status"]
#
# Defaults: the sizes, tools and scenarios shown; transports file and daemon; --parallel 2.
#
# The network benchmark (SSH and HTTPS with 20 ms added, file:// beside them, every tool; the
# libgit2 loop is left out of ssh and https, which it has no credentials for). Several hours on
# 2 cores, most of it the width sweep and the one-at-a-time tools at N = 400; run it on a quiet
# machine, since the servers share the cores with the tools:
#
#   bench/run.sh --sizes "100 400" --transports "file ssh https" --out .bench/network
#
# (--tools "grex git mr vcs gita" leaves out meta, which clones one repository at a time: about
# half an hour less.) Results: .bench/network/results.md.
#
# Scenarios, for every tool, on a fresh copy of the upstreams:
#   clone  an empty workspace that knows the N repositories gets them all
#   new    one new upstream commit in every repository is fetched and checked out
#   noop   nothing changed upstream
#   status every tenth clone has a changed tracked file, and every tenth other one an untracked
#          file and an untracked folder (grex counts them as git status does); each tool's
#          status command runs
#          (grex status, the libgit2 loop's status query, git status --porcelain through xargs,
#          mr status, vcs status, gita ll, meta git status)
# After each scenario every clone is checked against its upstream (bench/upstreams.py verify:
# HEAD at upstream main, a clean tree, origin the URL the tool was given): a tool that did not
# do the work does not get a time.
#
# Widths. Peers: myrepos (mr -jN), vcstool (vcs --workers N), git through xargs -PN, the libgit2
# loop in bench/gitloop.cpp (N threads), gita and meta (their own concurrency: gita starts every
# git at once, meta clones one by one and pulls all at once with --parallel). On file:// and
# git daemon the peers run at each width of --parallel (default 2, the cores of the machine the
# published figures come from): that work is CPU- and disk-bound. On ssh and https they run at
# each width of --widths (default 8, 16 and 32): network work is latency-bound, and the report
# gives each peer its best width per scenario. grex runs with no --parallel on every transport
# (its default width must be good without flags), and on file:// and git daemon also with each
# --parallel width.
#
# The network transports (all on 127.0.0.1, servers and proxies stopped on exit):
#   ssh    /usr/sbin/sshd with its own host key and config; a key pair made for the run; URLs
#          benchforge:/abs/path/rNNN.git, where the Host benchforge of the run's ssh config
#          points at the delay proxy. Run as root, sshd runs as a throwaway user (useradd,
#          removed on exit), as the tests do: a root sshd would need /run/sshd and privilege
#          separation. sshd offers curve25519 key exchange only (--ssh-kex; see start_sshd).
#   https  /usr/sbin/lighttpd with mod_openssl, git-http-backend as CGI and basic
#          authentication, a CA and certificate made with openssl for the run. git gets the
#          password from credential.helper store and trusts the CA through http.sslCAInfo.
#   Both sit behind bench/delayproxy.py (--rtt-ms, default 20: 10 ms each way, plus one RTT
#   for each new connection's TCP handshake), restarted for every tool so that its own account
#   of how late it delivered (--stats) lands beside the results as proxy-*.txt.
#   bench/delayproxy_check.py checks the proxy by itself.
#
# Every tool runs with the same environment: HOME is a folder the run makes ($OUT/work/home),
# GIT_CONFIG_NOSYSTEM=1 (this machine's /etc/gitconfig adds filters and a credential helper),
# and no GIT_SSL_CAINFO, SSL_CERT_FILE, CURL_CA_BUNDLE or SSH agent from the caller (the CA
# variables override http.sslCAInfo). That HOME's .gitconfig holds the ssh command, the
# credential helper and the CA for every tool alike.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$BENCH/../tools/setup.sh"
source "$BENCH/lib.sh"

SIZES="20 100 400"
TRANSPORTS="file daemon"
TOOLS="grex gitloop git mr vcs gita meta"
RUNS=""
SCENARIOS="clone new noop status"
PARALLEL="2"
WIDTHS="8 16 32"
RTT_MS=20
# sshd's key exchange: see start_sshd. "default" leaves OpenSSH's own list.
SSH_KEX="curve25519-sha256,curve25519-sha256@libssh.org"
OUT="$GREX_ROOT/.bench"
bench_options bench/run.sh "sizes transports tools runs scenarios parallel widths rtt-ms ssh-kex out" "$@"
for transport in $TRANSPORTS; do
    case "$transport" in
    file | daemon | ssh | https) ;;
    *) echo "bench/run.sh: unknown transport $transport (file, daemon, ssh or https)" >&2; exit 2 ;;
    esac
done
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)" # the servers get absolute paths
is_network() { [ "$1" = ssh ] || [ "$1" = https ]; }
NETWORK=""
for transport in $TRANSPORTS; do is_network "$transport" && NETWORK=1; done

# ---- set-up -------------------------------------------------------------------------------

GREX_PACKAGES+=(myrepos vcstool gita hyperfine time python3)
grex_install_packages
if [ -n "$NETWORK" ]; then
    grex_install_packages openssh-client openssl util-linux passwd
    grex_install_server_packages openssh-server lighttpd lighttpd-mod-openssl
fi
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
NET="$OUT/work/net"           # servers, keys and logs of the network transports
BENCH_HOME="$OUT/work/home"   # HOME of every tool

source "$BENCH/servers.sh"

# ---- one tool --------------------------------------------------------------------------------

# variants <tool>: the runs of one tool on $TRANSPORT, one "<variant> <width>" line each; the
# variant names the results (<tool> or <tool>_w<width>), width "-" means the tool's own.
variants() {
    local widths="$PARALLEL" w
    is_network "$TRANSPORT" && widths="$WIDTHS"
    case "$1" in
    grex)
        echo "grex -" # no --parallel: the default width is what users get
        if ! is_network "$TRANSPORT"; then
            for w in $PARALLEL; do echo "grex_w$w $w"; done
        fi
        ;;
    gitloop)
        if is_network "$TRANSPORT"; then
            # bench/gitloop.cpp gives libgit2 no credentials, ssh keys or CA.
            echo "bench/run.sh: the libgit2 loop has no credentials for $TRANSPORT; left out" >&2
        else
            for w in $widths; do echo "gitloop_w$w $w"; done
        fi
        ;;
    git | mr | vcs) for w in $widths; do echo "${1}_w$w $w"; done ;;
    gita | meta) echo "$1 -" ;;
    *) echo "bench/run.sh: unknown tool $1" >&2 ;;
    esac
}

# prepare_tool <variant> <tool> <width>: writes $T/<variant>/{reset,clone,sync,status}, the
# commands hyperfine runs.
prepare_tool() {
    local variant="$1" tool="$2" width="$3"
    local t="$T/$variant"
    mkdir -p "$t"
    rm -f "$t/after-clone"
    local ws="$t/ws" reset clone sync status
    case "$tool" in
    grex)
        # Registered once with grex itself; a reset keeps only grex.jsonl, so sync must clone.
        local flag=""
        [ "$width" != - ] && flag="--parallel $width"
        rm -rf "$ws" && mkdir -p "$ws"
        (cd "$ws" && "$GREX" init -q >/dev/null)
        while read -r name url; do
            (cd "$ws" && "$GREX" add -q --no-install "$url" >/dev/null)
        done <"$LIST"
        cp "$ws/grex.jsonl" "$t/grex.jsonl"
        reset="rm -rf '$ws' && mkdir '$ws' && cd '$ws' && '$GREX' init -q >/dev/null && cp '$t/grex.jsonl' grex.jsonl"
        clone="cd '$ws' && '$GREX' sync $flag -q"
        sync="$clone"
        status="cd '$ws' && '$GREX' status -q"
        ;;
    gitloop)
        reset="rm -rf '$ws' && mkdir '$ws'"
        clone="'$GITLOOP' clone '$LIST' '$ws' $width"
        sync="'$GITLOOP' sync '$LIST' '$ws' $width"
        status="'$GITLOOP' status '$LIST' '$ws' $width"
        ;;
    git)
        reset="rm -rf '$ws' && mkdir '$ws'"
        clone="cd '$ws' && awk '{print \$2, \$1}' '$LIST' | xargs -P$width -n2 git clone -q"
        sync="cd '$ws' && awk '{print \$1}' '$LIST' | xargs -P$width -I{} git -C {} pull -q --ff-only"
        status="cd '$ws' && awk '{print \$1}' '$LIST' | xargs -P$width -I{} git -C {} status --porcelain"
        ;;
    mr)
        awk '{printf "[%s]\ncheckout = git clone '"'"'%s'"'"' '"'"'%s'"'"'\n", $1, $2, $1}' "$LIST" >"$t/mrconfig"
        reset="rm -rf '$ws' && mkdir '$ws' && cp '$t/mrconfig' '$ws/.mrconfig'"
        clone="cd '$ws' && mr -q -j$width -c '$ws/.mrconfig' checkout"
        sync="cd '$ws' && mr -q -j$width -c '$ws/.mrconfig' update"
        status="cd '$ws' && mr -q -j$width -c '$ws/.mrconfig' status"
        ;;
    vcs)
        { echo "repositories:"; awk '{printf "  %s:\n    type: git\n    url: %s\n    version: main\n", $1, $2}' "$LIST"; } >"$t/repos.yaml"
        reset="rm -rf '$ws' && mkdir '$ws'"
        clone="vcs import --workers $width --input '$t/repos.yaml' '$ws'"
        sync="vcs pull --workers $width '$ws'"
        status="vcs status --workers $width '$ws'"
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
        git -C "$src" commit -q -m meta
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

verify() { # verify <variant> <scenario>
    local ws
    ws="$(cat "$T/$1/ws-path")"
    case "$2" in status*) return 0 ;; esac # status changes nothing
    if ! $PY "$BENCH/upstreams.py" verify "$UP" "$ws" "$LIST"; then
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

# Changes one tracked file in every tenth clone of the tool's workspace, and leaves an untracked
# file and folder in every tenth other one (the status scenario).
dirty_clones() { # dirty_clones <variant>
    local ws file i=0
    ws="$(cat "$T/$1/ws-path")"
    while read -r name _; do
        i=$((i + 1))
        if [ $((i % 10)) -eq 5 ] && [ -d "$ws/$name" ]; then
            echo "scratch" >"$ws/$name/notes.txt"
            mkdir -p "$ws/$name/build" && echo "out" >"$ws/$name/build/out.o"
        fi
        [ $((i % 10)) -eq 0 ] || continue
        # A tool whose clone is missing was already voided by verify: its run must go on.
        file="$(git -C "$ws/$name" ls-files 2>/dev/null | head -n1)" || true
        if [ -n "$file" ]; then echo "local change" >>"$ws/$name/$file"; fi
    done <"$LIST"
}

measure() { # measure <variant> <scenario>
    local variant="$1" scenario="$2" t="$T/$1" runs prepare cmd json
    runs="$(RUNS_FOR "$N")"
    json="$RESULTS/n$N-$TRANSPORT-$scenario-$variant.json"
    case "$scenario" in
    clone) prepare="$(cat "$t/reset")"; cmd="$(cat "$t/clone")" ;;
    new) prepare="$PY '$BENCH/upstreams.py' advance '$UP'"; cmd="$(cat "$t/sync")" ;;
    noop) prepare=""; cmd="$(cat "$t/sync")" ;;
    status) prepare=""; cmd="$(cat "$t/status")"; dirty_clones "$variant" ;;
    esac
    local args=(--runs "$runs" --export-json "$json" --style none --command-name "$variant")
    # The first new-commit run may also fetch the commits of the tools before: a warm-up
    # run (with its prepare) absorbs it.
    [ "$scenario" != clone ] && args+=(--warmup 1)
    [ -n "$prepare" ] && args+=(--prepare "$prepare")
    grex_say "n=$N $TRANSPORT $scenario: $variant ($runs runs)"
    # A tool that exits non-zero gets no time (hyperfine stops); the run goes on.
    if ! hyperfine "${args[@]}" "$cmd" >/dev/null; then
        echo "bench/run.sh: $variant failed in '$scenario' (n=$N, $TRANSPORT); its time is void" >&2
        echo "$N $TRANSPORT $scenario $variant" >>"$RESULTS/failures.txt"
        rm -f "$json"
        return 0
    fi
    verify "$variant" "$scenario" || { rm -f "$json"; return 0; }
    local rss
    rss="$(peak_rss "$prepare" "$cmd")"
    $PY - "$json" "$rss" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
data["peak_rss_kb"] = int(sys.argv[2]) if sys.argv[2].strip().isdigit() else None
json.dump(data, open(sys.argv[1], "w"))
PY
    verify "$variant" "$scenario-rss" || rm -f "$json"
    if [ "$scenario" = clone ] && [ -f "$t/after-clone" ]; then
        bash -c "$(cat "$t/after-clone")"
    fi
}

# ---- the matrix ------------------------------------------------------------------------------

setup_home
if [ -n "$NETWORK" ]; then
    setup_network
    echo "$RTT_MS" >"$RESULTS/rtt-ms.txt"
fi

for N in $SIZES; do
    W="$OUT/work/n$N"
    rm -rf "$W"
    mkdir -p "$W"
    grex_say "generating $N upstream repositories"
    $PY "$BENCH/upstreams.py" create "$N" "$W/pristine"
    for TRANSPORT in $TRANSPORTS; do
        T="$W/$TRANSPORT"
        UP="$T/up"
        LIST="$T/list.txt"
        for tool in $TOOLS; do
            # Read before the loop: what the loop runs must not read the list from stdin.
            mapfile -t VARIANTS < <(variants "$tool")
            for entry in "${VARIANTS[@]}"; do
                read -r variant width <<<"$entry"
                # Every tool starts from the same upstreams: earlier tools' new commits are gone.
                mkdir -p "$T"
                rm -rf "$UP" && cp -a "$W/pristine" "$UP"
                start_transport "$variant"
                for repo in "$UP"/r*.git; do
                    name="$(basename "$repo" .git)"
                    echo "$name $BASE/$name.git"
                done >"$LIST"
                prepare_tool "$variant" "$tool" "$width"
                if [[ " $SCENARIOS " != *" clone "* ]]; then
                    # The other scenarios need the clones: made once, untimed.
                    bash -c "$(cat "$T/$variant/reset")" >/dev/null 2>&1
                    bash -c "$(cat "$T/$variant/clone")" >/dev/null 2>&1
                    [ -f "$T/$variant/after-clone" ] && bash -c "$(cat "$T/$variant/after-clone")"
                fi
                for scenario in $SCENARIOS; do
                    measure "$variant" "$scenario"
                done
                stop_transport
            done
        done
    done
done

$PY "$BENCH/report.py" "$RESULTS" >"$OUT/results.md"
grex_say "results: $OUT/results.md (raw: $RESULTS)"
