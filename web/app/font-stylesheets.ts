import type { FontName } from '../../common/fonts';

// The 34 fonts of common/fonts.ts, self-hosted from their @fontsource packages (issue 19 item 1): latin, regular and
// bold, woff2 with woff as fallback, `font-display: swap`. Each family is its own CSS chunk, fetched only when a
// page uses it, so a visitor downloads the one font they see. Static import strings: Vite must see each file.
export const FONT_STYLESHEETS: Record<FontName, () => Promise<unknown[]>> = {
  Afacad: () =>
    Promise.all([import('@fontsource/afacad/latin-400.css'), import('@fontsource/afacad/latin-700.css')]),
  Barlow: () =>
    Promise.all([import('@fontsource/barlow/latin-400.css'), import('@fontsource/barlow/latin-700.css')]),
  Bitter: () =>
    Promise.all([import('@fontsource/bitter/latin-400.css'), import('@fontsource/bitter/latin-700.css')]),
  Cabin: () =>
    Promise.all([import('@fontsource/cabin/latin-400.css'), import('@fontsource/cabin/latin-700.css')]),
  'Crimson Text': () =>
    Promise.all([
      import('@fontsource/crimson-text/latin-400.css'),
      import('@fontsource/crimson-text/latin-700.css'),
    ]),
  'DM Sans': () =>
    Promise.all([import('@fontsource/dm-sans/latin-400.css'), import('@fontsource/dm-sans/latin-700.css')]),
  'Exo 2': () =>
    Promise.all([import('@fontsource/exo-2/latin-400.css'), import('@fontsource/exo-2/latin-700.css')]),
  'Fira Sans': () =>
    Promise.all([
      import('@fontsource/fira-sans/latin-400.css'),
      import('@fontsource/fira-sans/latin-700.css'),
    ]),
  Hind: () =>
    Promise.all([import('@fontsource/hind/latin-400.css'), import('@fontsource/hind/latin-700.css')]),
  'IBM Plex Sans': () =>
    Promise.all([
      import('@fontsource/ibm-plex-sans/latin-400.css'),
      import('@fontsource/ibm-plex-sans/latin-700.css'),
    ]),
  Inter: () =>
    Promise.all([import('@fontsource/inter/latin-400.css'), import('@fontsource/inter/latin-700.css')]),
  'Josefin Sans': () =>
    Promise.all([
      import('@fontsource/josefin-sans/latin-400.css'),
      import('@fontsource/josefin-sans/latin-700.css'),
    ]),
  Karla: () =>
    Promise.all([import('@fontsource/karla/latin-400.css'), import('@fontsource/karla/latin-700.css')]),
  Lato: () =>
    Promise.all([import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')]),
  'Libre Baskerville': () =>
    Promise.all([
      import('@fontsource/libre-baskerville/latin-400.css'),
      import('@fontsource/libre-baskerville/latin-700.css'),
    ]),
  Lora: () =>
    Promise.all([import('@fontsource/lora/latin-400.css'), import('@fontsource/lora/latin-700.css')]),
  Manrope: () =>
    Promise.all([import('@fontsource/manrope/latin-400.css'), import('@fontsource/manrope/latin-700.css')]),
  Merriweather: () =>
    Promise.all([
      import('@fontsource/merriweather/latin-400.css'),
      import('@fontsource/merriweather/latin-700.css'),
    ]),
  Montserrat: () =>
    Promise.all([
      import('@fontsource/montserrat/latin-400.css'),
      import('@fontsource/montserrat/latin-700.css'),
    ]),
  Mulish: () =>
    Promise.all([import('@fontsource/mulish/latin-400.css'), import('@fontsource/mulish/latin-700.css')]),
  'Noto Sans': () =>
    Promise.all([
      import('@fontsource/noto-sans/latin-400.css'),
      import('@fontsource/noto-sans/latin-700.css'),
    ]),
  Nunito: () =>
    Promise.all([import('@fontsource/nunito/latin-400.css'), import('@fontsource/nunito/latin-700.css')]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-700.css'),
    ]),
  Oswald: () =>
    Promise.all([import('@fontsource/oswald/latin-400.css'), import('@fontsource/oswald/latin-700.css')]),
  'PT Sans': () =>
    Promise.all([import('@fontsource/pt-sans/latin-400.css'), import('@fontsource/pt-sans/latin-700.css')]),
  'Playfair Display': () =>
    Promise.all([
      import('@fontsource/playfair-display/latin-400.css'),
      import('@fontsource/playfair-display/latin-700.css'),
    ]),
  Poppins: () =>
    Promise.all([import('@fontsource/poppins/latin-400.css'), import('@fontsource/poppins/latin-700.css')]),
  Quicksand: () =>
    Promise.all([
      import('@fontsource/quicksand/latin-400.css'),
      import('@fontsource/quicksand/latin-700.css'),
    ]),
  Raleway: () =>
    Promise.all([import('@fontsource/raleway/latin-400.css'), import('@fontsource/raleway/latin-700.css')]),
  Roboto: () =>
    Promise.all([import('@fontsource/roboto/latin-400.css'), import('@fontsource/roboto/latin-700.css')]),
  Rubik: () =>
    Promise.all([import('@fontsource/rubik/latin-400.css'), import('@fontsource/rubik/latin-700.css')]),
  'Source Sans 3': () =>
    Promise.all([
      import('@fontsource/source-sans-3/latin-400.css'),
      import('@fontsource/source-sans-3/latin-700.css'),
    ]),
  Ubuntu: () =>
    Promise.all([import('@fontsource/ubuntu/latin-400.css'), import('@fontsource/ubuntu/latin-700.css')]),
  'Work Sans': () =>
    Promise.all([
      import('@fontsource/work-sans/latin-400.css'),
      import('@fontsource/work-sans/latin-700.css'),
    ]),
};
