#!/usr/bin/env bash
# Makes the .deb packages of this build with CPack, installs them into a throwaway dpkg root and
# uses what they installed, as a person would after `apt install`: grex --version and grex init
# from there, the manual pages through man, tab completion in bash, the desktop entry, the
# AppStream metadata and the icons; then removes them and checks nothing is left.
#
#   tst_packages.sh BUILD_DIR
set -euo pipefail

build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
pass() { echo "PASS   : $*"; }
fail() {
    echo "FAIL!  : $*" >&2
    failures=$((failures + 1))
}
check() { # check DESCRIPTION COMMAND...
    local what=$1
    shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}

# ---- build the packages -------------------------------------------------------------------
if ! (cd "$build" && cpack -G DEB -B "$work/dist") >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    echo "FAIL!  : cpack could not make the packages" >&2
    exit 1
fi
cli=$(echo "$work"/dist/grex_*.deb)
gui=$(echo "$work"/dist/grex-gui_*.deb)
version=$(dpkg-deb -f "$cli" Version)
check "the grex and grex-gui packages were made" test -f "$cli" -a -f "$gui"

# ---- dependencies ---------------------------------------------------------------------------
depends=$(dpkg-deb -f "$cli" Depends)
echo "grex Depends: $depends"
check "grex depends on Qt Core, libgit2 and yaml-cpp" \
    grep -q 'libqt6core6.*libyaml-cpp\|libgit2' <<<"$depends"
check "grex depends on git, which does its clones and fetches" \
    grep -qE '(^|, )git($|,| )' <<<"$depends"
check "grex does not depend on Qt Widgets or Qt Gui" \
    bash -c '! grep -qE "libqt6(widgets|gui)6" <<<"$1"' _ "$depends"
gui_depends=$(dpkg-deb -f "$gui" Depends)
echo "grex-gui Depends: $gui_depends"
check "grex-gui depends on this grex, Qt Widgets, the SVG and platform plugins" \
    bash -c 'grep -qF "grex (= $2)" <<<"$1" && grep -q libqt6widgets6 <<<"$1" &&
             grep -q libqt6svg6 <<<"$1" && grep -q qt6-qpa-plugins <<<"$1"' _ "$gui_depends" "$version"

# ---- install into a throwaway root ----------------------------------------------------------
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
# The root holds nothing else, so dependencies cannot be satisfied there; the host's libraries
# (this Debian) are what the binaries run with. No maintainer scripts run.
dpkg_root() {
    dpkg --root="$root" --force-not-root --force-depends --force-script-chrootless \
        --log=/dev/null "$@"
}
if ! dpkg_root -i "$cli" "$gui" >"$work/dpkg.log" 2>&1; then
    cat "$work/dpkg.log" >&2
    echo "FAIL!  : dpkg could not install the packages" >&2
    exit 1
fi
check "dpkg lists both packages as installed" \
    bash -c 'dpkg --root="$1" -l grex grex-gui | grep -c "^ii" | grep -qx 2' _ "$root"

# ---- grex from there ------------------------------------------------------------------------
grex=$root/usr/bin/grex
out=$("$grex" --version)
check "grex --version says grex $version ($out)" test "$out" = "grex $version"
mkdir -p "$work/ws"
(cd "$work/ws" && "$grex" init --json >"$work/init.json")
check "grex init made a workspace" test -f "$work/ws/grex.jsonl" -a -f "$work/ws/grex.lock.jsonl"
check "grex init --json names what it created" grep -q '"grex.jsonl"' "$work/init.json"
printf '[{"url": "https://example.org/dotfiles.git", "path": "dotfiles"},
         {"url": "", "path": "notes"}]' >"$work/repos.json"
(cd "$work/ws" && "$grex" import --from-repos-json "$work/repos.json" >/dev/null)
out=$("$root/usr/bin/grex-gui" --version)
check "grex-gui --version works without a display ($out)" test "$out" = "grex-gui $version"

# ---- manual pages ---------------------------------------------------------------------------
export MANPATH=$root/usr/share/man
for page in grex grex-init grex-add grex-rm grex-ls grex-status grex-sync grex-update \
    grex-teardown grex-doctor grex-import grex-run grex-exec grex-serve grex-mcp \
    grex-completion grex-gui; do
    if ! man -w "$page" >/dev/null 2>&1; then
        fail "man finds $page(1)"
    fi
done
pass "man finds a page for grex, every verb, serve, mcp, completion and grex-gui"
text=$(MANWIDTH=100 MAN_KEEP_FORMATTING= man -P cat grex-sync 2>"$work/man.err")
check "man grex-sync shows the page" grep -q 'grex-sync - Sync all packs recursively' <<<"$text"
check "man grex-sync lists its options" grep -q -- '--keep-going' <<<"$text"
check "man grex-sync printed no warning" test ! -s "$work/man.err"
text=$(LANGUAGE=de LC_ALL=C.UTF-8 MANWIDTH=100 man -L de -P cat grex-sync 2>/dev/null)
check "man -L de grex-sync shows the German page" grep -q 'BEZEICHNUNG' <<<"$text"

# ---- bash completion ------------------------------------------------------------------------
completion=$root/usr/share/bash-completion/completions/grex
check "the bash completion is where bash-completion looks" test -f "$completion"
check "the zsh and fish completions are installed" \
    test -f "$root/usr/share/zsh/vendor-completions/_grex" \
    -a -f "$root/usr/share/fish/vendor_completions.d/grex.fish"
complete_line() {
    (cd "$work/ws" && PATH="$root/usr/bin:$PATH" bash --norc --noprofile -c '
        [ -f /usr/share/bash-completion/bash_completion ] &&
            source /usr/share/bash-completion/bash_completion
        source "$1"
        COMP_LINE=$2
        COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<<"$COMP_LINE"
        [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _grex
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$completion" "$1")
}
out=$(complete_line "grex sy")
check "Tab after 'grex sy' completes sync ($out)" test "$out" = "sync "
out=$(complete_line "grex update ")
check "Tab after 'grex update ' offers the workspace's packs ($out)" test "$out" = "dotfiles notes "

# ---- desktop integration --------------------------------------------------------------------
desktop=$root/usr/share/applications/grex-gui.desktop
check "the desktop entry is installed" test -f "$desktop"
if command -v desktop-file-validate >/dev/null; then
    check "desktop-file-validate accepts the desktop entry" desktop-file-validate "$desktop"
fi
check "the desktop entry starts grex-gui with the grex icon" \
    bash -c 'grep -qx "Exec=grex-gui %f" "$1" && grep -qx "Icon=grex" "$1"' _ "$desktop"
metainfo=$root/usr/share/metainfo/io.github.grex_dev.grex.metainfo.xml
if command -v appstreamcli >/dev/null; then
    check "appstreamcli validates the AppStream metadata" \
        appstreamcli validate --no-net --pedantic "$metainfo"
fi
for size in 16 22 24 32 48 64 128 256 512; do
    icon=$root/usr/share/icons/hicolor/${size}x${size}/apps/grex.png
    if ! file "$icon" | grep -q "PNG image data, $size x $size"; then
        fail "icon ${size}x${size}: $(file "$icon")"
    fi
done
check "the scalable icon is installed" test -f "$root/usr/share/icons/hicolor/scalable/apps/grex.svg"
pass "PNG icons at 16, 22, 24, 32, 48, 64, 128, 256 and 512 pixels"
check "the copyright and changelog are in each package's doc directory" \
    test -f "$root/usr/share/doc/grex/copyright" -a -f "$root/usr/share/doc/grex/changelog.gz" \
    -a -f "$root/usr/share/doc/grex-gui/copyright" -a -f "$root/usr/share/doc/grex-gui/changelog.gz"
check "the user guide is in /usr/share/doc/grex/guide" \
    test -f "$root/usr/share/doc/grex/guide/README.md"

# ---- remove ---------------------------------------------------------------------------------
dpkg_root -r grex-gui grex >"$work/dpkg-remove.log" 2>&1 || cat "$work/dpkg-remove.log" >&2
left=$(find "$root/usr" -type f 2>/dev/null | head -5 || true)
check "removing both packages leaves no file behind ($left)" test -z "$left"

if [ "$failures" -ne 0 ]; then
    echo "Totals: $failures failed" >&2
    exit 1
fi
echo "Totals: all passed"
