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

/**
 * Waits at most `withinMs` for the font's regular and bold faces. A returning reader's browser has their files
 * cached, so a page the browser draws sets its first text in them and the swap from the stand-ins never moves the
 * page (a course player's lesson list moved 0.06–0.07 of the screen when its data came before the font, decision
 * 071); on a first visit the page is drawn with the stand-ins after the wait, as before.
 */
export async function fontFacesReady(font: string | null | undefined, withinMs: number): Promise<void> {
  const name = isFontName(font) ? font : DEFAULT_FONT;
  const faces = loadFont(name).then(() =>
    Promise.all([document.fonts.load(`400 1em "${name}"`), document.fonts.load(`700 1em "${name}"`)]),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, withinMs);
  });
  await Promise.race([faces.catch(() => undefined), waited]);
  clearTimeout(timer);
}
