# Shared set-up for tools/demo.sh and tools/test.sh: installs the Debian packages grex needs
# when any is missing, then configures and builds. Source it; do not run it.
#
#   GREX_BUILD_DIR   build directory (default: <repo>/build)
#   GREX_JOBS        parallel build jobs (default: number of CPUs)
#   GREX_SANITIZE    sanitizers to build with: address,undefined or thread (default: none)

set -euo pipefail

GREX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GREX_BUILD_DIR="${GREX_BUILD_DIR:-$GREX_ROOT/build}"
GREX_JOBS="${GREX_JOBS:-$(nproc)}"

GREX_PACKAGES=(
    g++ cmake ninja-build pkg-config git
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-httpserver-dev qt6-websockets-dev
    libgit2-dev libyaml-cpp-dev
    libqt6svg6 qt6-translations-l10n
)

grex_say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# grex_install_packages [extra package...]
grex_install_packages() {
    local missing=()
    local pkg
    for pkg in "${GREX_PACKAGES[@]}" "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "grex: these Debian packages are missing: ${missing[*]}" >&2
            echo "grex: run this script as root, or install sudo" >&2
            exit 1
        fi
        sudo=(sudo)
    fi
    grex_say "installing ${missing[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

grex_configure() {
    grex_say "configuring in $GREX_BUILD_DIR"
    cmake -S "$GREX_ROOT" -B "$GREX_BUILD_DIR" -G Ninja \
        -DCMAKE_BUILD_TYPE=Debug \
        -DGREX_WARNINGS_AS_ERRORS=ON \
        -DGREX_BUILD_TESTS=ON \
        -DGREX_BUILD_GUI=ON \
        -DGREX_SANITIZE="${GREX_SANITIZE:-}" >/dev/null
}

# grex_build [target...]
grex_build() {
    grex_say "building ${*:-everything}"
    local targets=()
    local t
    for t in "$@"; do targets+=(--target "$t"); done
    cmake --build "$GREX_BUILD_DIR" --parallel "$GREX_JOBS" "${targets[@]}"
}

# The tests' MCP clients run on Node.js; its packages come from npm at test time. A Node.js that
# is already on PATH (from any source) is used as it is; otherwise Debian's nodejs and npm.
grex_install_node() {
    if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
        return 0
    fi
    grex_install_packages nodejs npm
}
