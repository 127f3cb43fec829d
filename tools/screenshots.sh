#!/usr/bin/env bash
# Saves screenshots of grex-gui under Xvfb into docs/screenshots/: the main window on a
# workspace of local packs with some drift (main-window.png), and the approval dialog that a
# `grex serve` driven by an agent's exec call opens in it (approval-dialog.png).
#
#   tools/screenshots.sh [--packs N] [--out DIR] [--keep]
#
# --packs N   packs in the workspace (default 20)
# --out DIR   where the PNGs go (default docs/screenshots)
# --keep      leave the workspace in .screenshots/ instead of deleting it
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

packs=20
out="$GREX_ROOT/docs/screenshots"
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
    --packs) packs="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: tools/screenshots.sh [--packs N] [--out DIR] [--keep]" >&2; exit 2 ;;
    esac
done
case "$packs" in
'' | *[!0-9]*) echo "tools/screenshots.sh: --packs wants a number from 8 to 500, not '$packs'" >&2; exit 2 ;;
esac
if [ "$packs" -lt 8 ] || [ "$packs" -gt 500 ]; then
    echo "tools/screenshots.sh: --packs wants a number from 8 to 500, not '$packs'" >&2
    exit 2
fi

grex_install_packages xvfb xauth imagemagick xdotool fonts-dejavu-core
grex_configure
grex_build grex grex-gui

GREX="$GREX_BUILD_DIR/src/cli/grex"
GREX_GUI="$GREX_BUILD_DIR/src/gui/grex-gui"
WORK="$GREX_ROOT/.screenshots"
REMOTES="$WORK/remotes"
WS="$WORK/workspace"
rm -rf "$WORK"
mkdir -p "$REMOTES" "$WS" "$WORK/home" "$WORK/run" "$out"
chmod 700 "$WORK/run"
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_RUNTIME_DIR="$WORK/run"
export GIT_CONFIG_NOSYSTEM=1 LC_ALL=C.UTF-8

sgit() { git -c user.name="grex screenshots" -c user.email="shots@grex.invalid" -c init.defaultBranch=main "$@"; }

make_repo() { # make_repo NAME [PACK_YAML]
    local src="$WORK/src/$1"
    mkdir -p "$src"
    printf '# %s\n' "$1" >"$src/README.md"
    if [ -n "${2:-}" ]; then
        mkdir -p "$src/.grex"
        printf '%s' "$2" >"$src/.grex/pack.yaml"
    fi
    sgit -C "$src" init -q -b main
    sgit -C "$src" add -A
    sgit -C "$src" commit -q -m "$1: first version"
    git clone -q --bare "$src" "$REMOTES/$1.git"
    sgit -C "$src" remote add origin "$REMOTES/$1.git"
}

grex_say "creating $packs local packs in $REMOTES"
names=(api-gateway auth-service billing catalog checkout dotfiles editor-config infra-terraform
    inventory mailer notes notifications orders payments search shipping telemetry ui-kit
    web-frontend worker)
make_repo tools "schema_version: \"1\"
name: tools
type: declarative
actions:
  - mkdir:
      path: \$HOME/.local/share/grex-shots
  - symlink:
      src: README.md
      dst: \$HOME/.local/share/grex-shots/tools.md
"
make_repo stack-child-a
make_repo stack-child-b
make_repo stack "schema_version: \"1\"
name: stack
type: meta
children:
  - url: $REMOTES/stack-child-a.git
  - url: $REMOTES/stack-child-b.git
"
registered=(tools stack)
i=0
while [ "${#registered[@]}" -lt $((packs - 2)) ]; do
    base="${names[$((i % ${#names[@]}))]}"
    name="$base"
    [ "$i" -ge "${#names[@]}" ] && name="$base-$((i / ${#names[@]} + 1))"
    make_repo "$name"
    registered+=("$name")
    i=$((i + 1))
done

grex_say "grex init, import and sync in $WS"
(cd "$WS" && "$GREX" init -q)
json="["
for name in "${registered[@]}"; do
    json+="{\"url\":\"$REMOTES/$name.git\",\"path\":\"$name\"},"
done
printf '%s]' "${json%,}" >"$WORK/REPOS.json"
(cd "$WS" && "$GREX" import -q --from-repos-json "$WORK/REPOS.json" && "$GREX" sync -q --parallel 4)

grex_say "planting drift"
# Two dirty packs, one missing, one behind its upstream, one with a local commit, a stale lock.
printf 'work in progress\n' >>"$WS/${registered[2]}/README.md"
printf 'scratch\n' >>"$WS/${registered[3]}/README.md"
rm -rf "${WS:?}/${registered[4]}"
src="$WORK/src/${registered[5]}"
printf 'upstream change\n' >>"$src/README.md"
sgit -C "$src" commit -q -am "upstream moves on"
sgit -C "$src" push -q origin main
git -C "$WS/${registered[5]}" fetch -q
printf 'local change\n' >>"$WS/${registered[6]}/README.md"
sgit -C "$WS/${registered[6]}" commit -q -am "a local commit"
printf '999999\ngrex\n%s\n' "$(hostname)" >"$WS/${registered[7]}/.grex-lock"
(cd "$WS" && "$GREX" status) || true

inner="$WORK/inner.sh"
cat >"$inner" <<EOF
set -euo pipefail
"$GREX_GUI" "$WS" >"$WORK/gui.log" 2>&1 &
gui=\$!
win=\$(xdotool search --sync --onlyvisible --name ' — grex' | head -n1)
sleep 3
# Select the first dirty pack so that the details pane shows something.
xdotool mousemove 60 110 click 1
sleep 1
import -window "\$win" "$out/main-window.png"
# An agent asks grex serve to run a command in the dirty packs: the window asks the person.
{
    printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-code","version":"2.0.14"}}}'
    printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/initialized"}'
    printf '%s\n' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"exec","arguments":{"cmd":["git","stash","--include-untracked"],"filter":"drift=dirty"}}}'
    sleep 60
} | "$GREX" serve --workspace "$WS" >"$WORK/serve.out" 2>"$WORK/serve.log" &
serve=\$!
dialog=\$(xdotool search --sync --onlyvisible --name 'Approve' | head -n1)
sleep 1.5
import -window "\$dialog" "$out/approval-dialog.png"
# The agents panel while the call waits.
xdotool mousemove 198 763 click 1 || true
sleep 1
# The root window, so that the dialog shows over the window; Xvfb's black border is trimmed.
import -window root -trim +repage "$out/agents-panel.png"
kill "\$serve" 2>/dev/null || true
pkill -P "\$serve" 2>/dev/null || true
kill "\$gui"
wait "\$gui" 2>/dev/null || true
EOF

grex_say "running grex-gui under Xvfb"
xvfb-run -a -s "-screen 0 1400x900x24" bash "$inner"
pkill -f "$GREX serve --workspace $WS" 2>/dev/null || true
grex_say "saved $out/main-window.png, $out/approval-dialog.png and $out/agents-panel.png"
if [ "$keep" -eq 0 ]; then
    rm -rf "$WORK"
else
    grex_say "the workspace stays in $WS"
fi
