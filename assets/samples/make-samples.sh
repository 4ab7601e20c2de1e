#!/bin/sh
# Regenerates cascade's sample photos in this folder (CC0, see LICENSE).
#
# 30 photo-like pictures — plasma fractals, skies over fractal hills, sunsets, swirls — each
# with a large number, its size and format, and a "top" marker, so a person can tell them
# apart on the wall and see at once whether one is upside down or sideways. Aspect ratios run
# from 1:3 to 3:1; formats are mostly JPEG (quality 85) plus PNG, WebP and one GIF. Three JPEGs
# carry an EXIF orientation (6 or 8) with their pixels stored rotated, so they only look
# upright when a viewer applies the tag.
#
# Deterministic: every random texture is seeded. Needs ImageMagick 6 or 7 and DejaVu fonts.
# Run from anywhere: sh assets/samples/make-samples.sh
set -eu

# The real ImageMagick. On the project's build machine /usr/local/bin/convert is something else.
CONVERT=${CONVERT:-/usr/bin/convert}
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

[ -x "$CONVERT" ] || { echo "make-samples: $CONVERT not found (install imagemagick)" >&2; exit 1; }
[ -r "$FONT" ] || { echo "make-samples: $FONT not found (install fonts-dejavu-core)" >&2; exit 1; }

# graphic WIDTH HEIGHT OUT — flat shapes on a gradient, like a screenshot or a poster: what
# PNGs usually hold. (sh has no local variables, hence the g_ names.)
graphic() {
    g_w=$1 g_h=$2 g_r=$(( ($1 < $2 ? $1 : $2) / 5 ))
    "$CONVERT" -size "${g_w}x${g_h}" radial-gradient:'#394b6a'-'#0f1524' \
        -fill '#e76f5199' -draw "circle $((g_w / 3)),$((g_h / 3)) $((g_w / 3 + g_r)),$((g_h / 3))" \
        -fill '#2a9d8f99' -draw "circle $((g_w * 2 / 3)),$((g_h / 2)) $((g_w * 2 / 3 + g_r)),$((g_h / 2))" \
        -fill '#e9c46a99' -draw "rectangle $((g_w / 5)),$((g_h * 3 / 5)) $((g_w / 2)),$((g_h * 4 / 5))" \
        "$3"
}

# backdrop STYLE SEED WIDTH HEIGHT OUT — a photo-like texture without labels.
backdrop() {
    style=$1 seed=$2 w=$3 h=$4 out=$5
    case $style in
    fractal)
        "$CONVERT" -seed "$seed" -size "${w}x${h}" plasma:fractal -blur 0x1.2 -modulate 100,130 "$out" ;;
    sky)
        ground=$((h * 45 / 100))
        "$CONVERT" -size "${w}x${h}" gradient:'#6fa8dc'-'#f4dcb0' \
            \( -seed "$seed" -size "${w}x${ground}" plasma:'#4f7f35'-'#1e3a17' -blur 0x1 \) \
            -gravity south -composite "$out" ;;
    sunset)
        "$CONVERT" -size "${w}x${h}" radial-gradient:'#ffd27a'-'#5b1d45' \
            \( -seed "$seed" -size "${w}x${h}" plasma:'#ff8c42'-'#2b0f3a' -blur 0x2 \) \
            -compose soft-light -composite "$out" ;;
    swirl)
        "$CONVERT" -size "${w}x${h}" gradient:'#1f6f8b'-'#f2c14e' -swirl 300 \
            \( -seed "$seed" -size "${w}x${h}" plasma:grey40-grey60 -blur 0x2 \) \
            -compose overlay -composite "$out" ;;
    graphic)
        graphic "$w" "$h" "$out" ;;
    cutout)
        # A graphic with transparent rounded corners, for viewers that must handle alpha.
        graphic "$w" "$h" "$tmp/graphic.miff"
        r=$(( (w < h ? w : h) / 8 ))
        "$CONVERT" "$tmp/graphic.miff" \
            \( -size "${w}x${h}" xc:black -fill white -draw "roundrectangle 0,0 $((w - 1)),$((h - 1)) $r,$r" \) \
            -alpha off -compose copy-opacity -composite "$out" ;;
    *) echo "make-samples: unknown style $style" >&2; exit 1 ;;
    esac
}

# label IN NUMBER WIDTH HEIGHT NOTE OUT — the big number, a size line and the "top" marker.
label() {
    in=$1 n=$2 w=$3 h=$4 note=$5 out=$6
    short=$((w < h ? w : h))
    big=$((short * 36 / 100))
    small=$((short * 6 / 100))
    [ "$small" -ge 12 ] || small=12
    "$CONVERT" "$in" -font "$FONT" -gravity center \
        -pointsize "$big" -stroke '#00000088' -strokewidth $((big / 24 + 1)) -fill white -annotate +0+0 "$n" \
        -stroke none -annotate +0+0 "$n" \
        -pointsize "$small" -fill '#ffffffdd' -undercolor '#00000066' \
        -gravity north -annotate +0+$((small / 2)) " ▲ top " \
        -gravity south -annotate +0+$((small / 2)) " $note " \
        "$out"
}

# with_exif_block IN OUT — adds a minimal EXIF block (just Orientation = 1) after the JFIF
# header. ImageMagick's -orient only rewrites an existing EXIF orientation; it creates none.
with_exif_block() {
    # ImageMagick writes SOI then a 16-byte JFIF APP0 segment: 20 bytes before the rest.
    [ "$(od -An -tx1 -N6 "$1" | tr -d ' \n')" = "ffd8ffe00010" ] || {
        echo "make-samples: $1 does not start with a JFIF header" >&2; exit 1; }
    {
        head -c 20 "$1"
        # APP1, length 34: "Exif\0\0", little-endian TIFF header, IFD0 with one entry
        # (tag 0x0112 Orientation, SHORT, count 1, value 1), no next IFD.
        printf '\377\341\000\042Exif\000\000II*\000\010\000\000\000\001\000\022\001\003\000\001\000\000\000\001\000\000\000\000\000\000\000'
        tail -c +21 "$1"
    } > "$2"
}

# sample NUMBER WIDTH HEIGHT STYLE FORMAT [ORIENTATION] — WIDTH × HEIGHT as displayed.
sample() {
    n=$1 w=$2 h=$3 style=$4 format=$5 orientation=${6:-1}
    name="photo-$n.$format"
    upper=$(echo "$format" | tr a-z A-Z)
    note="$w×$h $upper"
    [ "$orientation" = 1 ] || note="$note · EXIF $orientation"
    [ "$style" != cutout ] || note="$note · alpha"
    backdrop "$style" "$n" "$w" "$h" "$tmp/backdrop.miff"
    label "$tmp/backdrop.miff" "$n" "$w" "$h" "$note" "$tmp/labelled.miff"
    case $format in
    jpg)
        case $orientation in
        1) "$CONVERT" "$tmp/labelled.miff" -strip -quality 85 "$here/$name" ;;
        6|8)
            # Store the pixels turned the other way, so only the tag makes the photo upright:
            # 6 means "turn 90° clockwise to display", 8 "turn 90° counter-clockwise".
            if [ "$orientation" = 6 ]; then turn=-90 tag=RightTop; else turn=90 tag=LeftBottom; fi
            "$CONVERT" "$tmp/labelled.miff" -rotate "$turn" -strip -quality 100 "$tmp/rotated.jpg"
            with_exif_block "$tmp/rotated.jpg" "$tmp/tagged.jpg"
            "$CONVERT" "$tmp/tagged.jpg" -orient "$tag" -quality 85 "$here/$name" ;;
        *) echo "make-samples: unsupported orientation $orientation" >&2; exit 1 ;;
        esac ;;
    png)
        # Opaque unless the picture is meant to have transparency: RGB, not RGBA, on disk.
        alpha=off
        [ "$style" != cutout ] || alpha=on
        "$CONVERT" "$tmp/labelled.miff" -strip -alpha "$alpha" -depth 8 -define png:compression-level=9 "$here/$name" ;;
    webp) "$CONVERT" "$tmp/labelled.miff" -strip -quality 80 "$here/$name" ;;
    gif) "$CONVERT" "$tmp/labelled.miff" -strip +dither -colors 128 "$here/$name" ;;
    esac
    echo "$name"
}

rm -f "$here"/photo-*.*

sample 1  800  600  fractal jpg
sample 2  600  800  sky     jpg
sample 3  800  800  swirl   jpg
sample 4  1200 400  sky     jpg
sample 5  400  1200 fractal jpg
sample 6  900  600  sunset  jpg
sample 7  600  900  fractal jpg
sample 8  1024 576  sky     jpg
sample 9  576  1024 sunset  jpg
sample 10 1200 500  sunset  jpg
sample 11 800  640  graphic png
sample 12 640  800  swirl   jpg
sample 13 1100 400  fractal jpg
sample 14 600  600  graphic png
sample 15 800  450  sky     webp
sample 16 500  750  graphic png
sample 17 800  600  fractal webp
sample 18 600  900  sunset  webp
sample 19 1000 400  swirl   webp
sample 20 500  500  swirl   gif
sample 21 900  600  sky     jpg 6
sample 22 600  800  fractal jpg 8
sample 23 800  600  sunset  jpg 6
sample 24 1000 750  swirl   jpg
sample 25 750  1000 sky     jpg
sample 26 1200 600  fractal jpg
sample 27 600  1200 sunset  jpg
sample 28 960  640  sky     jpg
sample 29 800  533  fractal jpg
sample 30 450  800  cutout  png
