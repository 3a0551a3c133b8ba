#!/usr/bin/env bash
# Makes src/assets/fonts/hindi-label-700.woff2: the glyphs of the language switch's "हिन्दी" only
# (with the conjunct and vowel-sign shaping they need), cut from the Devanagari subset of Noto Sans
# Devanagari Bold (Fontsource, OFL-1.1). English pages use it for that one label on devices without
# a Devanagari font (src/styles/devanagari-font.css). Run again after changing the label or the package:
#   apt-get install python3-fonttools python3-brotli && public-site/scripts/make-hindi-label-font.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source_font=$(node -p "require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2')")
/usr/bin/python3 -m fontTools.subset "$source_font" \
  --text="हिन्दी" \
  --layout-features='*' \
  --flavor=woff2 \
  --no-hinting \
  --desubroutinize \
  --output-file=src/assets/fonts/hindi-label-700.woff2
ls -l src/assets/fonts/hindi-label-700.woff2
