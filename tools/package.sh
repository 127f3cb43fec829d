#!/usr/bin/env bash
# Builds the release packages in dist/: grex_<version>_<arch>.deb (the command line and the MCP
# server, no Qt Widgets), grex-gui_<version>_<arch>.deb (the window) and a .tar.gz of both,
# from a Release build in build-release/ with Debian's default build flags and full hardening.
# Then checks them: lintian (every tag it still reports is explained in
# installer/debian/lintian-explained.txt), desktop-file-validate and appstreamcli.
#
#   tools/package.sh            build and check
#   GREX_JOBS=N                 parallel build jobs (default: number of CPUs)
#
# Install the result with: sudo apt install ./dist/grex_*.deb ./dist/grex-gui_*.deb
set -euo pipefail
export GREX_BUILD_DIR="${GREX_BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-release}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
dist="$GREX_ROOT/dist"

grex_install_packages dpkg-dev lintian desktop-file-utils appstream

# Debian's flags for a package build: -O2, _FORTIFY_SOURCE, stack protector, relro, now.
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
export CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
export LDFLAGS="$(dpkg-buildflags --get LDFLAGS)"
grex_say "configuring a Release build in $GREX_BUILD_DIR"
cmake -S "$GREX_ROOT" -B "$GREX_BUILD_DIR" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX=/usr \
    -DGREX_BUILD_TESTS=OFF \
    -DGREX_BUILD_GUI=ON >/dev/null
grex_build

grex_say "packaging into $dist"
rm -rf "$dist"
mkdir -p "$dist"
(cd "$GREX_BUILD_DIR" && cpack -G "DEB;TGZ" -B "$dist" >/dev/null)
rm -rf "$dist/_CPack_Packages"
ls -l "$dist"

grex_say "lintian"
# --fail-on warning: an error or warning fails; info and pedantic tags are shown, and those that
# remain are explained in installer/debian/lintian-explained.txt.
lintian --info --display-info --pedantic --fail-on error,warning \
    --suppress-tags-from-file "$GREX_ROOT/installer/debian/lintian-explained.txt" \
    "$dist"/*.deb

grex_say "desktop entry and AppStream metadata"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
dpkg-deb -x "$dist"/grex-gui_*.deb "$scratch"
desktop-file-validate "$scratch/usr/share/applications/grex-gui.desktop"
appstreamcli validate --no-net "$scratch/usr/share/metainfo/io.github.grex_dev.grex.metainfo.xml"
grex_say "packages in $dist are ready"
