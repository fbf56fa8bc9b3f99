import { useEffect, useState } from 'react';
import { DEFAULT_FONT, fontStack, isFontName } from '../../common/fonts';

/**
 * The CSS font stack for a chosen font (or the default for an unknown name), and its files brought in. The Indic
 * Noto families join the stack only once the font's own stylesheet has been added (see fontStack): until then a
 * Latin page would fetch Noto Sans Devanagari for nothing. The map of the 34 stylesheets (./fonts) is a chunk of
 * its own, so no page's first download grows with it.
 */
export function useFontStack(font: string | null | undefined): string {
  const name = isFontName(font) ? font : DEFAULT_FONT;
  const [declared, setDeclared] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('./fonts')
      .then(({ loadFont }) => loadFont(name))
      .then(() => {
        if (current) setDeclared(name);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [name]);
  return fontStack(name, { withIndic: declared === name });
}
