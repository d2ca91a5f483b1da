#!/usr/bin/env python3
"""
Cormorant Garamond with its accents composed close to their letters.

The face draws the lowercase circumflex, acute and grave as tall, thin strokes (471–731 units over a
386-unit x-height); at display sizes they read as marks floating above the word ("Forêt", "Vendôme",
"Émeraude", "Opéra", "à"). This rebuilds the latin woff2 files the site uses with every circumflex, acute
and grave contour of the latin letters (â ê î ô û, á é í ó ú ý, à è ì ò ù and their capitals) lowered and
shortened, keeping its width and stroke (in the italic, moved along the slant so it stays over its
letter); nothing else changes. The diaeresis, tilde and ring keep the face's drawing (small marks that
sit where a Garamond sets them).

Run once after updating @fontsource/cormorant-garamond (Debian: apt-get install python3-fonttools
python3-brotli), from the repository root:
    /usr/bin/python3 scripts/fonts/compose-accents.py
It writes apps/web/src/assets/fonts/cormorant-garamond-latin-<weight>-<style>.woff2 (committed), cut to the
site's characters and features by subset.py's `subset`.
SIL Open Font License 1.1: the face has no Reserved Font Name; the licence travels with the files.
"""
import math
import os
import sys
from fontTools.ttLib import TTFont
from subset import subset

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, 'node_modules/@fontsource/cormorant-garamond/files')
OUT = os.path.join(ROOT, 'apps/web/src/assets/fonts')
FILES = ['latin-300-normal', 'latin-400-normal', 'latin-300-italic']
# Circumflex, acute, grave: the lowercase drawn as one tall stroke (or chevron) 0.26 em high, 0.075 em up.
LOWER = 'âêîôû' 'áéíóúý' 'àèìòù'
UPPER = 'ÂÊÎÔÛ' 'ÁÉÍÓÚÝ' 'ÀÈÌÒÙ'
# The accent's new distance above its letter's top (font units of a 1000-unit em) and its new height as
# a fraction of the old. Capitals: 0.85 keeps every capital's accent under 0.095 em in every cut (the 400
# draws them up to 0.111 em tall, the 300 0.106 em).
LOWER_GAP, LOWER_SCALE = 24, 0.72
UPPER_GAP, UPPER_SCALE = 40, 0.85


def contours_of(glyph, glyf):
    coords, ends, _ = glyph.getCoordinates(glyf)
    start = 0
    for end in ends:
        yield start, end
        start = end + 1


def compose(path_in, path_out):
    font = TTFont(path_in)
    glyf = font['glyf']
    cmap = font.getBestCmap()
    os2 = font['OS/2']
    # An italic's accents lean with it: a point moved down by dy moves left by dy × tan(slant).
    lean = math.tan(math.radians(-font['post'].italicAngle))
    changed = 0
    for chars, height, gap, scale in ((LOWER, os2.sxHeight, LOWER_GAP, LOWER_SCALE), (UPPER, os2.sCapHeight, UPPER_GAP, UPPER_SCALE)):
        for ch in chars:
            name = cmap.get(ord(ch))
            if name is None:
                continue
            glyph = glyf[name]
            if glyph.isComposite():
                raise SystemExit(f'{name}: composite glyphs are not expected in this face')
            coords = glyph.coordinates
            # The accent: the contour lying wholly above the letter's height; the letter: the others.
            spans = list(contours_of(glyph, glyf))
            is_accent = [min(coords[i][1] for i in range(a, b + 1)) > height for a, b in spans]
            letter_top = max(coords[i][1] for (a, b), acc in zip(spans, is_accent) if not acc for i in range(a, b + 1))
            for (start, end), accent in zip(spans, is_accent):
                if not accent:
                    continue
                low = min(coords[i][1] for i in range(start, end + 1))
                new_low = letter_top + gap
                for i in range(start, end + 1):
                    x, y = coords[i]
                    new_y = round(new_low + (y - low) * scale)
                    coords[i] = (round(x + (new_y - y) * lean), new_y)
                changed += 1
            glyph.recalcBounds(glyf)
            # The italic's lean can move the glyph's leftmost point: its side bearing follows.
            advance, _ = font['hmtx'][name]
            font['hmtx'][name] = (advance, glyph.xMin)
    # Cut to the characters and features the site sets (subset.py), like the sans.
    subset(font)
    font.flavor = 'woff2'
    font.save(path_out)
    return changed


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in FILES:
        src = os.path.join(SRC, f'cormorant-garamond-{name}.woff2')
        dst = os.path.join(OUT, f'cormorant-garamond-{name}.woff2')
        n = compose(src, dst)
        print(f'{os.path.relpath(dst, ROOT)}: {n} accents composed')


if __name__ == '__main__':
    sys.exit(main())
