#!/usr/bin/env bash
# Installs what is missing, builds grex, and runs it on a demo workspace: the example packs in
# tools/demo/packs become local bare repositories (no network); grex init, grex add for the
# packs people register (which clones and installs them), a new commit upstream, grex sync to
# bring it in, then grex ls --tree and grex status. Packs install into a demo home, .demo/home, never into
# yours. The workspace is left in .demo/workspace for you to explore.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

grex_install_packages
grex_configure
grex_build grex

GREX="$GREX_BUILD_DIR/src/cli/grex"
DEMO="${GREX_DEMO_DIR:-$GREX_ROOT/.demo}"
REMOTES="$DEMO/remotes"
WORKSPACE="$DEMO/workspace"
DEMO_HOME="$DEMO/home"

grex_say "creating local repositories from tools/demo/packs in $REMOTES"
rm -rf "$DEMO"
mkdir -p "$REMOTES" "$WORKSPACE" "$DEMO_HOME"

demo_git() {
    git -c user.name="grex demo" -c user.email="demo@grex.invalid" -c init.defaultBranch=main "$@"
}

for pack in "$GREX_ROOT"/tools/demo/packs/*/; do
    name="$(basename "$pack")"
    work="$DEMO/src/$name"
    mkdir -p "$work"
    cp -a "$pack/." "$work/"
    # Children point at their sibling repositories through @REMOTES@.
    if [ -f "$work/.grex/pack.yaml" ]; then
        sed -i "s|@REMOTES@|$REMOTES|g" "$work/.grex/pack.yaml"
    fi
    demo_git -C "$work" init -q -b main
    demo_git -C "$work" add -A
    demo_git -C "$work" commit -q -m "$name: initial version"
    git clone -q --bare "$work" "$REMOTES/$name.git"
    demo_git -C "$work" remote add origin "$REMOTES/$name.git"
    echo "  $REMOTES/$name.git" >&2
done

# The packs install into the demo home: $HOME in their actions and hooks is .demo/home.
export HOME="$DEMO_HOME"

run() {
    printf '\n\033[1m$ grex %s\033[0m\n' "$*"
    (cd "$WORKSPACE" && "$GREX" "$@")
}

run init
# The packs people register; dev-tools owns editor-config and git-hooks as children.
for name in dotfiles dev-tools notes; do
    run add "$REMOTES/$name.git"
done

# Upstream moves on: a new note, and dotfiles gains an action. The sync fetches both,
# fast-forwards, and reinstalls dotfiles because its actions changed.
printf '\n\033[1mMeanwhile, upstream: a new note, and dotfiles gains an action\033[0m\n'
printf '# 2026-11-22\n\nSynced by grex.\n' >"$DEMO/src/notes/2026-11-22.md"
demo_git -C "$DEMO/src/notes" add -A
demo_git -C "$DEMO/src/notes" commit -q -m "notes: another day"
demo_git -C "$DEMO/src/notes" push -q origin main
# actions: is the last key of that pack.yaml, so the new action goes at its end.
cat >>"$DEMO/src/dotfiles/.grex/pack.yaml" <<'YAML'
  - env:
      name: GREX_DEMO_EDITOR
      value: vi
YAML
demo_git -C "$DEMO/src/dotfiles" commit -q -am "dotfiles: set an editor"
demo_git -C "$DEMO/src/dotfiles" push -q origin main

run sync
run ls --tree
run status

printf '\n\033[1mWhat the packs installed in the demo home, %s:\033[0m\n' "$DEMO_HOME"
(cd "$DEMO_HOME" && find . -mindepth 1 | sort | while read -r entry; do
    if [ -L "$entry" ]; then
        printf '  %s -> %s\n' "$entry" "$(readlink "$entry")"
    else
        printf '  %s\n' "$entry"
    fi
done)

if [ -f "$DEMO_HOME/.profile" ]; then
    printf '\n\033[1mThe env action wrote %s/.profile:\033[0m\n' "$DEMO_HOME"
    cat "$DEMO_HOME/.profile"
fi

printf '\nThe demo workspace is %s; try: cd %s && HOME=%s %s status\n' \
    "$WORKSPACE" "$WORKSPACE" "$DEMO_HOME" "$GREX"

# With a display, offer the desktop window on the same workspace (GREX_DEMO_WINDOW=yes opens
# it without asking, =no never asks).
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${GREX_DEMO_WINDOW:-ask}" != no ]; then
    answer="${GREX_DEMO_WINDOW:-ask}"
    if [ "$answer" = ask ]; then
        answer=n
        if [ -t 0 ]; then
            read -r -p $'\nOpen the demo workspace in the grex window? [y/N] ' answer || answer=n
        fi
    fi
    case "$answer" in
    y | Y | yes)
        grex_build grex-gui
        grex_say "opening $WORKSPACE in grex-gui"
        (cd "$WORKSPACE" && nohup "$GREX_BUILD_DIR/src/gui/grex-gui" "$WORKSPACE" \
            >"$DEMO/grex-gui.log" 2>&1 &)
        ;;
    *)
        printf 'To see it in the window: HOME=%s %s/src/gui/grex-gui %s\n' \
            "$DEMO_HOME" "$GREX_BUILD_DIR" "$WORKSPACE"
        ;;
    esac
fi
