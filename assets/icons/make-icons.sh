#!/bin/sh
# Draws cascade's icon — a waterfall (masonry) wall of photo tiles in three columns, each tile
# its own shape, the columns ending at different heights — as cascade.svg and as the PNG sizes
# of the hicolor icon theme (ImageMagick). Made for cascade, CC0. The files are kept in git, so
# installing needs neither this script nor ImageMagick.
set -eu
cd "$(dirname "$0")"

# x y width height colour, on a 256×256 canvas.
tiles="28 28 60 44 #f2a541
28 80 60 84 #3fa7d6
28 172 60 56 #e4572e
98 28 60 76 #59cd90
98 112 60 48 #fac05e
98 168 60 60 #9b5de5
168 28 60 56 #ee6c91
168 92 60 92 #4ecdc4
168 192 60 36 #f2a541"
background="#1d1f24"

{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<!-- cascade: a waterfall wall of photo tiles. Drawn by assets/icons/make-icons.sh, CC0. -->'
  echo '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">'
  echo "  <rect x=\"8\" y=\"8\" width=\"240\" height=\"240\" rx=\"36\" fill=\"$background\"/>"
  echo "$tiles" | while read -r x y w h c; do
    echo "  <rect x=\"$x\" y=\"$y\" width=\"$w\" height=\"$h\" rx=\"7\" fill=\"$c\"/>"
  done
  echo '</svg>'
} > cascade.svg

draw="fill $background roundrectangle 8,8 247,247 36,36"
draw="$draw $(echo "$tiles" | while read -r x y w h c; do
  printf " fill %s roundrectangle %d,%d %d,%d 7,7" "$c" "$x" "$y" $((x + w - 1)) $((y + h - 1))
done)"
convert -size 1024x1024 xc:none -draw "scale 4,4 $draw" -filter Box -resize 256x256 -strip PNG32:master.png
for size in 16 24 32 48 64 128 256; do
  mkdir -p "hicolor/${size}x${size}/apps"
  convert master.png -filter Lanczos -resize "${size}x${size}" -strip "PNG32:hicolor/${size}x${size}/apps/cascade.png"
done
rm -f master.png
