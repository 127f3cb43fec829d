#!/usr/bin/env bash
# Installs what is missing, builds grex and its tests, and runs every test with ctest.
# Extra arguments go to ctest (for example: tools/test.sh -L core).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

grex_install_packages
grex_install_node
grex_configure
grex_build
grex_say "running the tests"
ctest --test-dir "$GREX_BUILD_DIR" --output-on-failure --parallel "$GREX_JOBS" "$@"
