#!/usr/bin/env bash
# The long runs of the reliability tests: crash injection (SIGKILL at random points of add, rm,
# sync and grex serve calls) and the concurrency stress, far longer than the CI's short runs.
#
#   tools/crashtest.sh [TRIALS] [SEED]      default: 200 trials, a random seed (printed)
#   GREX_STRESS_ROUNDS=N                    stress rounds (default 40; CI runs 6)
#
# A failure prints the trial and the seed; `GREX_CRASH_SEED=S tools/crashtest.sh` replays it.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

trials="${1:-200}"
seed="${2:-${GREX_CRASH_SEED:-$(( (RANDOM << 15 | RANDOM) % 2000000000 ))}}"
rounds="${GREX_STRESS_ROUNDS:-40}"

grex_install_packages
grex_configure
grex_build grex tst_crashinject tst_concurrency

tests="$GREX_BUILD_DIR/tests/reliability"
# QtTest's watchdog ends a test function after 5 minutes by default; a long run takes longer.
export QTEST_FUNCTION_TIMEOUT=$((24 * 3600 * 1000))
grex_say "crash injection: $trials trials, seed $seed"
start=$(date +%s)
GREX_CRASH_TRIALS="$trials" GREX_CRASH_SEED="$seed" "$tests/tst_crashinject" -maxwarnings 0
grex_say "crash injection passed in $(( $(date +%s) - start )) s"

grex_say "concurrency stress: $rounds rounds, seed $seed"
start=$(date +%s)
GREX_STRESS_ROUNDS="$rounds" GREX_STRESS_SEED="$seed" "$tests/tst_concurrency" -maxwarnings 0
grex_say "concurrency stress passed in $(( $(date +%s) - start )) s"
