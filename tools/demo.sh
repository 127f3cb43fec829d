#!/usr/bin/env bash
# Installs what is missing, builds grex, and runs it on a demo workspace: the example packs in
# tools/demo/packs become local bare repositories (no network), then grex init, grex add for
# each pack and grex ls. The workspace is left in .demo/workspace for you to explore.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

grex_install_packages
grex_configure
grex_build grex

GREX="$GREX_BUILD_DIR/src/cli/grex"
DEMO="${GREX_DEMO_DIR:-$GREX_ROOT/.demo}"
REMOTES="$DEMO/remotes"
WORKSPACE="$DEMO/workspace"

grex_say "creating local repositories from tools/demo/packs in $REMOTES"
rm -rf "$DEMO"
mkdir -p "$REMOTES" "$WORKSPACE"
for pack in "$GREX_ROOT"/tools/demo/packs/*/; do
    name="$(basename "$pack")"
    work="$DEMO/src/$name"
    mkdir -p "$work"
    cp -a "$pack/." "$work/"
    # Children point at their sibling repositories through @REMOTES@.
    if [ -f "$work/.grex/pack.yaml" ]; then
        sed -i "s|@REMOTES@|$REMOTES|g" "$work/.grex/pack.yaml"
    fi
    git -C "$work" init -q -b main
    git -C "$work" add -A
    git -C "$work" -c user.name="grex demo" -c user.email="demo@grex.invalid" \
        commit -q -m "$name: initial version"
    git clone -q --bare "$work" "$REMOTES/$name.git"
    echo "  $REMOTES/$name.git" >&2
done

run() {
    printf '\n\033[1m$ grex %s\033[0m\n' "$*"
    (cd "$WORKSPACE" && "$GREX" "$@")
}

run init
# The packs people register; dev-tools owns editor-config and git-hooks as children.
for name in dotfiles dev-tools notes; do
    run add "$REMOTES/$name.git"
done
run ls
printf '\n\033[1mWhat grex recorded in %s/grex.jsonl:\033[0m\n' "$WORKSPACE"
cat "$WORKSPACE/grex.jsonl"

printf '\nThe demo workspace is %s; try: cd %s && %s ls --json\n' "$WORKSPACE" "$WORKSPACE" "$GREX"
