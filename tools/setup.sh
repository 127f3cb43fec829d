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
    libgit2-dev libssh2-1-dev libyaml-cpp-dev
    libqt6svg6 qt6-translations-l10n
)

grex_say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# grex_package_installed package
grex_package_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# grex_install_packages [extra package...]
grex_install_packages() {
    local missing=()
    local pkg
    for pkg in "${GREX_PACKAGES[@]}" "$@"; do
        if ! grex_package_installed "$pkg"; then
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

# grex_install_server_packages package...
# Installs packages that ship a system service (openssh-server would start sshd on port 22,
# lighttpd a web server on port 80) without starting it: the tests run their own servers on
# 127.0.0.1. A temporary /usr/sbin/policy-rc.d that exits 101 makes invoke-rc.d and
# deb-systemd-invoke skip the start; one that exists already is left exactly as it is. The
# services stay enabled, so they would start at the next boot.
grex_install_server_packages() {
    local missing=()
    local pkg
    for pkg in "$@"; do
        if ! grex_package_installed "$pkg"; then
            missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    local as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            grex_install_packages "${missing[@]}" # says what is missing and stops
            return 1
        fi
        as_root=(sudo)
    fi
    # A subshell, so that its EXIT trap removes our policy-rc.d however the installation ends.
    (
        policy=/usr/sbin/policy-rc.d
        marker='# Written by grex tools/setup.sh while it installs server packages.'
        # set -C creates the file only when there is none, in one step.
        # shellcheck disable=SC2016 # $1 and $2 belong to the inner sh
        if "${as_root[@]}" sh -c 'set -C; printf "#!/bin/sh\n%s\nexit 101\n" "$2" > "$1"' \
            sh "$policy" "$marker" 2>/dev/null; then
            "${as_root[@]}" chmod 755 "$policy"
            trap 'if grep -qxF "$marker" "$policy" 2>/dev/null; then
                      "${as_root[@]}" rm -f "$policy"
                  fi' EXIT
            trap 'exit 130' INT TERM
        fi
        grex_say "installing ${missing[*]} without starting their services"
        grex_install_packages "${missing[@]}"
    )
}

grex_configure() {
    grex_say "configuring in $GREX_BUILD_DIR"
    cmake -S "$GREX_ROOT" -B "$GREX_BUILD_DIR" -G Ninja \
        -DCMAKE_BUILD_TYPE=Debug \
        -DGREX_WARNINGS_AS_ERRORS=ON \
        -DGREX_BUILD_TESTS=ON \
        -DGREX_BUILD_GUI=ON \
        -DGREX_SHARED_LIBS=ON \
        -DGREX_SANITIZE="${GREX_SANITIZE:-}" \
        -DCMAKE_UNITY_BUILD=ON >/dev/null
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
