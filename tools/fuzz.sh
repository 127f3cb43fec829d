#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang, ASan and UBSan, runs each for SECONDS
# (default 60) and prints what it did. Exits non-zero when a target crashed, leaked, hung or
# broke an invariant; its reproducer is kept under build-fuzz/artifacts/<target>/.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]     e.g. tools/fuzz.sh 3600 session packmanifest
#
# Each target runs on a working copy of its seeds (build-fuzz/corpus/<target>/, kept between
# runs so that a later run starts where the last one stopped), with the keywords of its input
# format from tests/fuzz/dict/<target>.dict; the source tree is not written.
#
#   GREX_FUZZ_BUILD_DIR  build directory (default: <repo>/build-fuzz)
#   GREX_FUZZ_TIMEOUT    seconds one input may take before it counts as a hang (default: 10)
#   GREX_FUZZ_RSS_MB     memory limit of a target in MiB (default: 2048)
#   GREX_FUZZ_MERGE=1    afterwards, merge the inputs that add coverage into tests/fuzz/corpus/
#   GREX_BUILD_LOCK      a lock file to hold (flock) while building, for shared machines
#   GREX_JOBS            parallel build jobs (default: number of CPUs)
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

FUZZ_DIR="${GREX_FUZZ_BUILD_DIR:-$GREX_ROOT/build-fuzz}"
TIMEOUT="${GREX_FUZZ_TIMEOUT:-10}"
RSS_MB="${GREX_FUZZ_RSS_MB:-2048}"

SECONDS_EACH=60
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
    SECONDS_EACH="$1"
    shift
fi
ALL_TARGETS=()
for source in "$GREX_ROOT"/tests/fuzz/fuzz_*.cpp; do
    name="$(basename "$source" .cpp)"
    ALL_TARGETS+=("${name#fuzz_}")
done
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
    TARGETS=("${ALL_TARGETS[@]}")
fi
for target in "${TARGETS[@]}"; do
    if [ ! -f "$GREX_ROOT/tests/fuzz/fuzz_$target.cpp" ]; then
        echo "grex: no fuzz target '$target' (targets: ${ALL_TARGETS[*]})" >&2
        exit 2
    fi
done

grex_install_packages clang libclang-rt-14-dev

build() {
    if [ -n "${GREX_BUILD_LOCK:-}" ]; then
        flock "$GREX_BUILD_LOCK" "$@"
    else
        "$@"
    fi
}

grex_say "configuring in $FUZZ_DIR"
# Debug keeps Q_ASSERT and the lock-order checks; -O1 makes it fast enough to fuzz. Warnings are
# errors in the GCC builds; clang's differ (libgit2's initializer macros) and are left as they are.
build cmake -S "$GREX_ROOT" -B "$FUZZ_DIR" -G Ninja \
    -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
    -DGREX_BUILD_FUZZ=ON \
    -DGREX_BUILD_TESTS=OFF \
    -DGREX_BUILD_GUI=OFF \
    -DGREX_WARNINGS_AS_ERRORS=OFF >/dev/null
grex_say "building ${TARGETS[*]}"
build_targets=()
for target in "${TARGETS[@]}"; do build_targets+=(--target "fuzz_$target"); done
build nice cmake --build "$FUZZ_DIR" --parallel "$GREX_JOBS" "${build_targets[@]}"

# A UBSan finding is a crash, with its stack; so is a leak (ASan's default).
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"

stat_of() { # stat_of LOG NAME: a number libFuzzer's -print_final_stats printed, or 0
    sed -n "s/^stat::$2: *//p" "$1" | tail -n 1 | grep . || echo 0
}
count_findings() {
    find "$1" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
        -o -name 'oom-*' \) | wc -l
}

failed=0
rows=()
for target in "${TARGETS[@]}"; do
    binary="$FUZZ_DIR/tests/fuzz/fuzz_$target"
    seeds="$GREX_ROOT/tests/fuzz/corpus/$target"
    corpus="$FUZZ_DIR/corpus/$target"
    artifacts="$FUZZ_DIR/artifacts/$target"
    log="$FUZZ_DIR/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
    before="$(count_findings "$artifacts")"

    options=()
    if [ -f "$GREX_ROOT/tests/fuzz/dict/$target.dict" ]; then
        options+=(-dict="$GREX_ROOT/tests/fuzz/dict/$target.dict")
    fi

    grex_say "fuzzing $target for ${SECONDS_EACH}s (log: $log)"
    started=$(date +%s)
    status=0
    (cd "$FUZZ_DIR" && nice "$binary" "$corpus" "${options[@]}" \
        -max_total_time="$SECONDS_EACH" \
        -timeout="$TIMEOUT" \
        -rss_limit_mb="$RSS_MB" \
        -artifact_prefix="$artifacts/" \
        -print_final_stats=1) >"$log" 2>&1 || status=$?
    took=$(($(date +%s) - started))

    findings=$(($(count_findings "$artifacts") - before))
    if [ "$status" -ne 0 ] || [ "$findings" -gt 0 ]; then
        failed=1
        [ "$findings" -gt 0 ] || findings="exit $status"
        tail -n 30 "$log" >&2
    fi
    if [ "${GREX_FUZZ_MERGE:-0}" = 1 ] && [ "$status" -eq 0 ]; then
        grex_say "merging new coverage of $target into $seeds"
        nice "$binary" -merge=1 -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" \
            "$seeds" "$corpus" >>"$log" 2>&1
    fi
    rows+=("$(printf '%-14s %8s %12s %8s %8s %8s %s' "$target" "$took" \
        "$(stat_of "$log" number_of_executed_units)" "$(stat_of "$log" average_exec_per_sec)" \
        "$(find "$corpus" -type f | wc -l)" "$(stat_of "$log" new_units_added)" "$findings")")
done

printf '\n%-14s %8s %12s %8s %8s %8s %s\n' target seconds executions exec/s corpus new crashes
printf '%s\n' "${rows[@]}"
if [ "$failed" -ne 0 ]; then
    echo "grex: a fuzz target failed; reproducers are in $FUZZ_DIR/artifacts/" >&2
    exit 1
fi
