import { z } from 'zod';

/** The gallery's own message, keyed as `galleryMsg.*` (common/i18n/module-messages.ts). */
export const GALLERY_MSG = { choose: 'Please choose one of the gallery avatars.' } as const;

/**
 * The illustrated avatars a guru can wear without a photo (decision 061). Each is an SVG under
 * web/public/illustrations/ (the demo teacher's portrait and the ones scripts/make-avatar-gallery.ts draws),
 * shown as it is in the wizard and rasterised by the server into the guru's picture when chosen, so the guru
 * page, the embed, D-ID and every list use it like an uploaded photo. Every mouth sits 50 % across and 63 %
 * down, where the static avatar animates speech.
 */
export const GALLERY_AVATARS = [
  { id: 'teacher', label: 'Teacher with glasses and a bun', file: 'teacher.svg' },
  { id: 'turban', label: 'Bearded teacher in a turban', file: 'avatars/turban.svg' },
  { id: 'hijab', label: 'Teacher in a headscarf', file: 'avatars/hijab.svg' },
  { id: 'curls', label: 'Young teacher with curly hair', file: 'avatars/curls.svg' },
  { id: 'long-hair', label: 'Teacher with long hair', file: 'avatars/long-hair.svg' },
  { id: 'moustache', label: 'Teacher with a moustache and grey hair', file: 'avatars/moustache.svg' },
] as const;
export type GalleryAvatarId = (typeof GALLERY_AVATARS)[number]['id'];
export const GALLERY_AVATAR_IDS = GALLERY_AVATARS.map((avatar) => avatar.id) as [
  GalleryAvatarId,
  ...GalleryAvatarId[],
];

/** Where the browser finds a gallery avatar's picture. */
export const galleryAvatarUrl = (file: string) => `/illustrations/${file}`;

/** PUT /api/gurus/:guruId/avatar-gallery: wear a gallery avatar as the guru's picture → GuruDetail. */
export const galleryChoiceSchema = z.object({
  avatar: z.enum(GALLERY_AVATAR_IDS, { error: GALLERY_MSG.choose }),
});
export type GalleryChoiceInput = z.input<typeof galleryChoiceSchema>;
