import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from './i18n';

/** The static pages, each with its messages under `public.<page>.` in ./i18n (title, intro, numbered sections). */
export type StaticPageName = 'about' | 'contact' | 'privacy' | 'referral' | 'refund' | 'terms';

/** A plain content page (legal texts, about, referral): a title and short sections. */
export function StaticPage({
  page,
  sections,
  children,
}: {
  page: StaticPageName;
  /** How many sections the page has: `public.<page>.<n>.heading` and `.body`, from 1. */
  sections: number;
  /** What to do next, under the sections (the referral page's "Become a partner"). */
  children?: ReactNode;
}) {
  const t = useT();
  const numbers = Array.from({ length: sections }, (_, index) => index + 1);
  return (
    <Container size="md">
      <Stack gap="lg">
        <Title order={1}>{t(`public.${page}.title`)}</Title>
        <Text size="lg" c="dimmed">
          {t(`public.${page}.intro`)}
        </Text>
        {numbers.map((number) => (
          <Stack key={number} gap={4}>
            <Title order={2} size="h4">
              {t(`public.${page}.${number}.heading`)}
            </Title>
            <Text>{t(`public.${page}.${number}.body`)}</Text>
          </Stack>
        ))}
        {children}
      </Stack>
    </Container>
  );
}
