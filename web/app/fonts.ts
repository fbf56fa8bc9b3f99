import { DEFAULT_FONT, type FontName, isFontName } from '../../common/fonts';
import { FONT_STYLESHEETS } from './font-stylesheets';

const requested = new Map<FontName, Promise<void>>();

/**
 * Makes `font` (or the default font for an unknown name) available to the page: its stylesheet is added once,
 * and the browser fetches the files when text first uses them. Never throws: a font that does not load leaves
 * the fallback of fontStack() in place.
 */
export function loadFont(font: string | null | undefined): Promise<void> {
  const name = isFontName(font) ? font : DEFAULT_FONT;
  let loading = requested.get(name);
  if (!loading) {
    loading = FONT_STYLESHEETS[name]()
      .then(() => undefined)
      .catch(() => {
        requested.delete(name);
      });
    requested.set(name, loading);
  }
  return loading;
}
