/**
 * Writes the illustrated guru avatars of common/avatar-gallery.ts into web/public/illustrations/avatars/: one
 * face drawn like the demo teacher (web/public/illustrations/teacher.svg) with its own skin, hair, clothes and
 * backdrop, so the set differs in age, gender, skin and dress. Deterministic: the same file every run; the files
 * are committed. Gradients are linear only (the server's rasteriser draws radial ones black), and the mouth is
 * centred 50 % across and 63 % down, where the static avatar animates speech. Run: npx tsx scripts/make-avatar-gallery.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Look {
  id: string;
  title: string;
  backdrop: [string, string];
  /** Chalk shapes on the backdrop. */
  shapes: string;
  skin: string;
  skinShade: string;
  lip: string;
  clothes: [string, string];
  /** Drawn before the head (hair behind it, a headscarf's drape). */
  behind: string;
  /** Drawn on the face under the eyes and mouth (a beard). */
  chin?: string;
  /** Drawn over the face (hair in front, a turban, a moustache, glasses). */
  front: string;
  brows: string;
}

const BOARD = `fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"`;

const LOOKS: Look[] = [
  {
    id: 'turban',
    title: 'An illustrated bearded teacher in a turban, smiling',
    backdrop: ['#f08c00', '#e8590c'],
    shapes: `<g ${BOARD}><path d="M60 80 h90 v90 h-90 Z"/><path d="M60 170 L150 80"/><circle cx="440" cy="120" r="40"/><path d="M400 220 h80"/></g>`,
    skin: '#b7744f',
    skinShade: '#9c5f3f',
    lip: '#8f2d3a',
    clothes: ['#1971c2', '#1864ab'],
    behind: '',
    front: `<path d="M150 236 C140 120 210 92 256 92 C302 92 372 120 362 236 C350 200 320 180 256 178 C192 180 162 200 150 236 Z" fill="#c92a2a"/>
  <path d="M170 200 C200 150 312 150 342 200" fill="none" stroke="#a61e1e" stroke-width="10" stroke-linecap="round"/>
  <path d="M186 168 C220 128 292 128 326 168" fill="none" stroke="#a61e1e" stroke-width="8" stroke-linecap="round"/>
  <path d="M212 302 C230 292 250 298 256 304 C262 298 282 292 300 302 C282 310 262 308 256 306 C250 308 230 310 212 302 Z" fill="#dee2e6"/>`,
    chin: `<path d="M164 280 C170 350 210 392 256 396 C302 392 342 350 348 280 C330 320 300 300 256 300 C212 300 182 320 164 280 Z" fill="#e9ecef"/>`,
    brows: '#e9ecef',
  },
  {
    id: 'hijab',
    title: 'An illustrated teacher in a headscarf, smiling',
    backdrop: ['#37b24d', '#2b8a3e'],
    shapes: `<g ${BOARD}><path d="M50 150 L110 50 L170 150 Z"/><path d="M380 60 q40 40 80 0"/><path d="M392 170 h70 M427 135 v70"/></g>`,
    skin: '#e0a98a',
    skinShade: '#c98d6c',
    lip: '#c2255c',
    clothes: ['#7048e8', '#6741d9'],
    behind: `<path d="M130 260 C130 120 190 100 256 100 C322 100 382 120 382 260 C390 360 360 420 256 430 C152 420 122 360 130 260 Z" fill="#862e9c"/>`,
    front: `<path d="M160 250 C156 170 200 138 256 138 C312 138 356 170 352 250 C340 200 300 176 256 176 C212 176 172 200 160 250 Z" fill="#862e9c"/>
  <path d="M168 196 C210 170 302 170 344 196" fill="none" stroke="#9c36b5" stroke-width="8" stroke-linecap="round"/>`,
    brows: '#3b2314',
  },
  {
    id: 'curls',
    title: 'An illustrated young teacher with curly hair, smiling',
    backdrop: ['#1098ad', '#0b7285'],
    shapes: `<g ${BOARD}><circle cx="100" cy="110" r="50"/><path d="M100 110 h50"/><path d="M380 80 L470 80 L425 160 Z"/><path d="M60 230 q30 -30 60 0"/></g>`,
    skin: '#7a4a2e',
    skinShade: '#643a22',
    lip: '#5c1f24',
    clothes: ['#f59f00', '#f08c00'],
    behind: `<g fill="#1a1110"><circle cx="180" cy="180" r="46"/><circle cx="232" cy="140" r="48"/><circle cx="290" cy="140" r="48"/><circle cx="338" cy="182" r="46"/><circle cx="162" cy="236" r="36"/><circle cx="352" cy="236" r="36"/></g>`,
    front: `<g fill="#1a1110"><circle cx="200" cy="172" r="30"/><circle cx="244" cy="160" r="30"/><circle cx="286" cy="162" r="30"/><circle cx="322" cy="178" r="28"/></g>`,
    brows: '#1a1110',
  },
  {
    id: 'long-hair',
    title: 'An illustrated teacher with long hair, smiling',
    backdrop: ['#e64980', '#c2255c'],
    shapes: `<g ${BOARD}><path d="M60 60 h100 v70 h-100 Z"/><path d="M400 70 L460 150 M460 70 L400 150"/><circle cx="80" cy="220" r="20"/></g>`,
    skin: '#f1c9a5',
    skinShade: '#dcae88',
    lip: '#d6336c',
    clothes: ['#343a40', '#212529'],
    behind: `<path d="M142 250 C136 140 190 112 256 112 C322 112 376 140 370 250 L384 440 L128 440 Z" fill="#111111"/>`,
    front: `<path d="M162 250 C160 160 206 140 256 140 C306 140 352 160 350 250 C336 190 306 168 270 166 L256 200 L242 166 C206 168 176 190 162 250 Z" fill="#111111"/>`,
    brows: '#111111',
  },
  {
    id: 'moustache',
    title: 'An illustrated teacher with grey hair, glasses and a moustache, smiling',
    backdrop: ['#495057', '#343a40'],
    shapes: `<g ${BOARD}><path d="M50 150 Q110 40 170 150"/><path d="M380 60 h80 v80 h-80 Z"/><path d="M400 220 L460 190"/></g>`,
    skin: '#c68863',
    skinShade: '#ab6f4c',
    lip: '#8c2f39',
    clothes: ['#f8f9fa', '#dee2e6'],
    behind: `<ellipse cx="256" cy="214" rx="104" ry="96" fill="#adb5bd"/>`,
    front: `<path d="M162 232 C160 170 204 146 256 146 C308 146 352 170 350 232 C330 196 300 184 256 184 C212 184 182 196 162 232 Z" fill="#adb5bd"/>
  <path d="M214 304 C232 290 250 296 256 302 C262 296 280 290 298 304 C280 312 262 308 256 306 C250 308 232 312 214 304 Z" fill="#868e96"/>
  <g fill="none" stroke="#212529" stroke-width="5"><circle cx="216" cy="252" r="30"/><circle cx="296" cy="252" r="30"/><path d="M246 250 Q256 244 266 250"/><path d="M186 248 L162 240 M326 248 L350 240"/></g>`,
    brows: '#6c757d',
  },
];

function svg(look: Look): string {
  const [top, bottom] = look.backdrop;
  const [cloth, clothShade] = look.clothes;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-labelledby="title">
  <title id="title">${look.title}</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/>
      <stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${cloth}"/>
      <stop offset="1" stop-color="${clothShade}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" fill="url(#sky)"/>
  ${look.shapes}
  <path d="M70 512 C80 430 150 392 256 392 C362 392 432 430 442 512 Z" fill="url(#cloth)"/>
  <path d="M206 396 L256 456 L306 396 Z" fill="${look.skinShade}"/>
  <path d="M222 340 L222 404 Q256 420 290 404 L290 340 Z" fill="${look.skinShade}"/>
  ${look.behind}
  <ellipse cx="160" cy="262" rx="18" ry="26" fill="${look.skinShade}"/>
  <ellipse cx="352" cy="262" rx="18" ry="26" fill="${look.skinShade}"/>
  <ellipse cx="256" cy="258" rx="96" ry="114" fill="${look.skin}"/>
  <ellipse cx="240" cy="236" rx="62" ry="70" fill="#ffffff" opacity="0.08"/>
  ${look.chin ?? ''}
  <path d="M196 222 Q216 208 236 218" fill="none" stroke="${look.brows}" stroke-width="7" stroke-linecap="round"/>
  <path d="M276 218 Q296 208 316 222" fill="none" stroke="${look.brows}" stroke-width="7" stroke-linecap="round"/>
  <ellipse cx="216" cy="252" rx="11" ry="12" fill="#1a1110"/>
  <ellipse cx="296" cy="252" rx="11" ry="12" fill="#1a1110"/>
  <circle cx="220" cy="248" r="3.5" fill="#ffffff"/>
  <circle cx="300" cy="248" r="3.5" fill="#ffffff"/>
  <path d="M256 262 Q250 286 258 292" fill="none" stroke="${look.skinShade}" stroke-width="5" stroke-linecap="round"/>
  <circle cx="202" cy="300" r="17" fill="#f06595" opacity="0.2"/>
  <circle cx="310" cy="300" r="17" fill="#f06595" opacity="0.2"/>
  <path d="M222 314 Q256 346 290 314 Q256 330 222 314 Z" fill="${look.lip}"/>
  <path d="M232 318 Q256 330 280 318" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.9"/>
  ${look.front}
</svg>
`;
}

export const GALLERY_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'web',
  'public',
  'illustrations',
  'avatars',
);

/** Each drawn avatar's file name and SVG text. */
export function buildGallerySvgs(): { file: string; svg: string }[] {
  return LOOKS.map((look) => ({ file: `${look.id}.svg`, svg: svg(look) }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  mkdirSync(GALLERY_DIR, { recursive: true });
  const drawn = buildGallerySvgs();
  for (const { file, svg: text } of drawn) writeFileSync(path.join(GALLERY_DIR, file), text);
  console.log(`wrote ${drawn.length} avatars to ${GALLERY_DIR}`);
}
