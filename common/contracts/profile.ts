import { z } from 'zod';
import { FONTS } from '../fonts';
import { MSG } from '../messages';
import { THEME_COLORS } from '../theme-colors';
import { requiredText } from './fields';

const themeColorKeys = THEME_COLORS.map((color) => color.key) as [string, ...string[]];

/** Every field optional: the profile form and the dark-mode switch both save through it. */
export const updateUserInfoSchema = z
  .object({
    fullName: requiredText(100),
    isDarkTheme: z.boolean(),
    themeColor: z.enum(themeColorKeys, { error: MSG.selectOption }),
    font: z.enum(FONTS as unknown as [string, ...string[]], { error: MSG.selectOption }),
  })
  .partial();
export type UpdateUserInfoInput = z.input<typeof updateUserInfoSchema>;

export const IMAGE_KINDS = ['profileImage', 'brandLogo'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** GET /api/common/user-info/logo-path: signed URLs of a user's brand logo and profile image, or null. */
export interface LogoPaths {
  brandLogo: string | null;
  profileImage: string | null;
}
