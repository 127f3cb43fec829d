# Shared by the benchmarks under bench/; source it after tools/setup.sh.

# Builds grex (Release) and the libgit2 loop in $GREX_ROOT/build-bench; sets GREX and GITLOOP.
# bench_build --gui also builds the window and its load probe; sets GREX_GUI and BENCH_WINDOW.
bench_build() {
    local gui=OFF
    [ "${1:-}" = --gui ] && gui=ON
    BUILD="$GREX_ROOT/build-bench"
    grex_say "building grex (Release) and the libgit2 loop in $BUILD"
    cmake -S "$GREX_ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGREX_BUILD_GUI=$gui \
        -DGREX_BUILD_TESTS=OFF -DGREX_BUILD_BENCH=ON >/dev/null
    cmake --build "$BUILD" --parallel "$GREX_JOBS" >/dev/null
    GREX="$BUILD/src/cli/grex"
    GITLOOP="$BUILD/bench/grex-bench-gitloop"
    GREX_GUI="$BUILD/src/gui/grex-gui"
    BENCH_WINDOW="$BUILD/bench/grex-bench-window"
}

# bench_grex <path or "">: GREX is the given binary, else the one bench_build makes, one build at
# a time on a shared machine (waits for any other build holding the lock).
bench_grex() {
    if [ -n "${1:-}" ]; then
        GREX="$(realpath "$1")"
        return
    fi
    exec 9>/tmp/grex-build.lock
    flock 9
    bench_build
    flock -u 9
}

# bench_npm <folder with package.json> <install folder>: installs the folder's npm packages
# (with npm ci when it has a package-lock.json) unless the same ones are installed already.
bench_npm() {
    local from="$1" to="$2" stamp
    mkdir -p "$to"
    cp "$from/package.json" "$to/package.json"
    [ -f "$from/package-lock.json" ] && cp "$from/package-lock.json" "$to/package-lock.json"
    stamp="$(cat "$to"/package*.json | sha256sum | cut -d' ' -f1)"
    if [ -f "$to/node_modules/.bench-stamp" ] && [ "$(cat "$to/node_modules/.bench-stamp")" = "$stamp" ]; then
        return 0
    fi
    grex_say "installing $(basename "$from")'s npm packages into $to"
    local verb=install
    [ -f "$to/package-lock.json" ] && verb=ci
    (cd "$to" && npm "$verb" --no-audit --no-fund --loglevel=error >/dev/null) || return 1
    echo "$stamp" >"$to/node_modules/.bench-stamp"
}

# bench_options <script> "<option> ..." "$@": reads the script's command line. An option
# `--rtt-ms V` sets RTT_MS to V; `grex=GREX_BIN` names another variable; `keep-packs!` is a flag
# that sets KEEP_PACKS to 1. Anything else stops the script with its name and the option.
bench_options() {
    local script="$1" known=" $2 " name var
    shift 2
    while [ $# -gt 0 ]; do
        name="${1#--}"
        var="$(tr 'a-z-' 'A-Z_' <<<"$name")"
        if [ "$name" = "$1" ] || [[ ! "$name" =~ ^[a-z-]+$ ]]; then
            :
        elif [[ "$known" == *" $name! "* ]]; then
            printf -v "$var" 1
            shift
            continue
        elif [[ "$known" =~ \ $name(=([A-Z_]+))?\  ]]; then
            [ -n "${BASH_REMATCH[2]}" ] && var="${BASH_REMATCH[2]}"
            if [ $# -lt 2 ]; then
                echo "$script: $1 wants a value (see the comment at the top)" >&2
                exit 2
            fi
            printf -v "$var" '%s' "$2"
            shift 2
            continue
        fi
        echo "$script: unknown option $1 (see the comment at the top)" >&2
        exit 2
    done
}
