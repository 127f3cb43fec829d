#!/usr/bin/env bash
# Renders resources/icons/grex.svg as the PNG application icons of the hicolor theme, at the
# sizes desktops look for, into resources/icons/hicolor/<N>x<N>/apps/grex.png. The PNGs are
# committed (the build has no SVG renderer); run this after changing the SVG.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/tools/setup.sh"
GREX_PACKAGES=(librsvg2-bin)
grex_install_packages
for size in 16 22 24 32 48 64 128 256 512; do
    out="$root/resources/icons/hicolor/${size}x${size}/apps/grex.png"
    mkdir -p "$(dirname "$out")"
    rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio \
        "$root/resources/icons/grex.svg" --output "$out"
    echo "$out"
done
