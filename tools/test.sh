#!/usr/bin/env bash
# Installs what is missing, builds grex and its tests, and runs every test with ctest.
#
#   tools/test.sh            every test, built with AddressSanitizer and UndefinedBehaviorSanitizer
#                            in build-asan/ (what CI runs)
#   tools/test.sh --plain    every test, built without sanitizers in build/ (the demo's build)
#   tools/test.sh --tsan     every test, built with ThreadSanitizer in build-tsan/
#
# Further arguments go to ctest (for example: tools/test.sh -L core, or -R tst_sync).
mode=asan
case "${1:-}" in
--plain) mode=plain; shift ;;
--asan) mode=asan; shift ;;
--tsan) mode=tsan; shift ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "$mode" in
plain)
    export GREX_SANITIZE=""
    export GREX_BUILD_DIR="${GREX_BUILD_DIR:-$here/../build}"
    ;;
asan)
    export GREX_SANITIZE=address,undefined
    export GREX_BUILD_DIR="${GREX_BUILD_DIR:-$here/../build-asan}"
    # Leaks count: a leaking test process exits non-zero. UBSan prints the stack of each report
    # (the build stops at the first, -fno-sanitize-recover).
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:${ASAN_OPTIONS:-}"
    # tests/lsan.supp names the one leak inside Debian's libgit2 and why it is not grex's.
    export LSAN_OPTIONS="suppressions=$here/../tests/lsan.supp:${LSAN_OPTIONS:-}"
    export UBSAN_OPTIONS="print_stacktrace=1:${UBSAN_OPTIONS:-}"
    ;;
tsan)
    export GREX_SANITIZE=thread
    export GREX_BUILD_DIR="${GREX_BUILD_DIR:-$here/../build-tsan}"
    # Debian's Qt and libgit2 are not instrumented: tests/tsan.supp lists what TSan cannot see
    # through there, each with its reason.
    export TSAN_OPTIONS="suppressions=$here/../tests/tsan.supp:halt_on_error=1:second_deadlock_stack=1:${TSAN_OPTIONS:-}"
    ;;
esac

source "$here/setup.sh"

# The package test (ctest -L package) makes and inspects .deb files, reads the manual pages and
# drives the completions in the shells themselves.
grex_install_packages dpkg-dev file man-db groff-base bash-completion zsh fish \
    desktop-file-utils appstream
# The remote tests (ctest -L remote) run real servers on 127.0.0.1: sshd as a throwaway user
# (useradd from passwd), lighttpd with git-http-backend over TLS (certificates made with
# openssl), git daemon; and git-lfs.
grex_install_packages openssh-client openssl git-lfs passwd
grex_install_server_packages openssh-server lighttpd lighttpd-mod-openssl
# The contrib test (ctest -L contrib) runs the Ansible module with Debian's ansible-playbook.
grex_install_packages ansible-core
# The layering test runs tools/longfunctions.py, the size check.
grex_install_packages python3
grex_install_node
grex_configure
grex_build
grex_say "running the tests ($mode build in $GREX_BUILD_DIR)"
ctest --test-dir "$GREX_BUILD_DIR" --output-on-failure --parallel "$GREX_JOBS" "$@"
