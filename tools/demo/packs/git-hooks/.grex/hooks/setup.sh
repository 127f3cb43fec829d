#!/bin/sh
# Runs on install (setup.sh) and on every sync (sync.sh); grex sets GREX_PACK_NAME, GREX_PACK_PATH and friends.
set -eu
mkdir -p "$HOME/.config/grex-demo/hooks"
cp "$GREX_PACK_PATH/pre-commit" "$HOME/.config/grex-demo/hooks/pre-commit"
echo "installed the pre-commit hook of $GREX_PACK_NAME"
