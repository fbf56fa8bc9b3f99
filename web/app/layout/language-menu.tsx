import { Box } from '@mantine/core';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../common/i18n/locales';
import { useLocale, useT } from '../i18n';
import { chooseLocale } from '../locale-choice';
import { toast } from '../toast';

/**
 * The public pages' language choice (decision 068): the browser's own select, which costs the first download
 * nothing (Mantine's inputs weigh 8 kB there), works by keyboard and at any width, and names each language in its
 * own script whatever the page's language.
 */
export function LanguageMenu() {
  const t = useT();
  const locale = useLocale();
  return (
    <Box
      component="select"
      aria-label={t('language.menu')}
      value={locale}
      data-testid="language-menu"
      fz="sm"
      px={6}
      py={4}
      c="var(--mantine-color-text)"
      bg="var(--mantine-color-body)"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
      onChange={(event) => {
        const next = (event.currentTarget as HTMLSelectElement).value as Locale;
        void chooseLocale(next).catch((error: Error) => toast('danger', error.message));
      }}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </Box>
  );
}
