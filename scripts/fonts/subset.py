#!/usr/bin/env python3
"""
The house's faces cut to what the site sets: fewer bytes before the first paint.

@fontsource's latin files carry every glyph of U+0000–00FF and of the General Punctuation block
(U+2000–206F, a hundred glyphs the site never sets), the glyph names, and OpenType features the site
does not ask for (Inter's contextual alternates for arrows and colons between numerals, fractions,
numerators). Cut here to the characters French and English copy uses, with the features the text
needs: kerning, ligatures, accents placed by the marks, tabular and lining figures. Inter 400:
23.7 → 13.0 KB; Cormorant Garamond 300: 22.0 → 17.0 KB (issue 13 §16: the fonts are most of the bytes
a phone downloads before its first paint).

Run once after updating @fontsource/inter (Debian: apt-get install python3-fonttools python3-brotli),
from the repository root:
    /usr/bin/python3 scripts/fonts/subset.py
It writes apps/web/src/assets/fonts/inter-latin-<weight>-normal.woff2 (committed). The display serif's
files are cut the same way by compose-accents.py, which imports `subset` from here.
SIL Open Font License 1.1 (both faces): the licences travel with the files (OFL.txt, OFL-Inter.txt).
"""
import os
import sys
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, 'apps/web/src/assets/fonts')
INTER = os.path.join(ROOT, 'node_modules/@fontsource/inter/files')

# Latin-1 (French: à â æ ç é è ê ë î ï ô ù û ü ÿ, « », the no-break space), œ Œ Ÿ ı, the spacing accents,
# the combining accents the files have (a name typed decomposed, e + U+0301, still composes to é), and from
# General Punctuation only what copy sets: en, thin, hair, zero-width and narrow no-break spaces (French
# punctuation, `Intl.NumberFormat('fr')` between thousands),
# dashes, quotes, daggers, bullet, ellipsis, per mille, primes, angle quotes, fraction slash; €, ™, the
# arrows, minus and division slash; the byte-order mark and the replacement character.
UNICODES = [
    *range(0x0000, 0x0100), 0x0131, 0x0152, 0x0153, 0x0178, 0x02BB, 0x02BC, 0x02C6, 0x02DA, 0x02DC,
    0x0300, 0x0301, 0x0303, 0x0304, 0x0308, 0x0309, 0x0323, 0x0329,
    0x2002, 0x2009, 0x200A, 0x200B, 0x2010, 0x2011, 0x2013, 0x2014, 0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E,
    0x2020, 0x2021, 0x2022, 0x2026, 0x202F, 0x2030, 0x2032, 0x2033, 0x2039, 0x203A, 0x2044,
    0x20AC, 0x2122, 0x2190, 0x2191, 0x2192, 0x2193, 0x2212, 0x2215, 0xFEFF, 0xFFFD,
]
FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum', 'lnum']


def subset(font):
    """Cuts `font` (a TTFont) in place to UNICODES and FEATURES, without glyph names."""
    options = Options()
    options.layout_features = FEATURES
    options.glyph_names = False
    options.name_IDs = ['*']
    options.name_languages = ['*']
    options.notdef_outline = True
    subsetter = Subsetter(options=options)
    subsetter.populate(unicodes=UNICODES)
    subsetter.subset(font)


def main():
    os.makedirs(OUT, exist_ok=True)
    for weight in ('400', '500'):
        src = os.path.join(INTER, f'inter-latin-{weight}-normal.woff2')
        dst = os.path.join(OUT, f'inter-latin-{weight}-normal.woff2')
        font = TTFont(src)
        subset(font)
        font.flavor = 'woff2'
        font.save(dst)
        print(f'{os.path.relpath(dst, ROOT)}: {os.path.getsize(src)} → {os.path.getsize(dst)} bytes')


if __name__ == '__main__':
    sys.exit(main())
