import { Image, ThemeIcon } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useT } from '../app/i18n';

/**
 * A teacher's or institute's brand logo where they have uploaded one (issue 19 item 7), otherwise the product's
 * mark: on catalog cards, course pages, the guru session and the side navigation of their own account.
 */
export function BrandMark({
  url,
  name,
  height = 28,
}: {
  url: string | null | undefined;
  name: string;
  height?: number;
}) {
  const t = useT();
  if (url) {
    return (
      <Image
        src={url}
        alt={t('components.brand.logo', { name })}
        h={height}
        w="auto"
        maw={height * 4}
        fit="contain"
        data-testid="brand-logo"
      />
    );
  }
  return (
    <ThemeIcon size={height} radius="md" variant="filled" aria-hidden data-testid="product-mark">
      <IconSchool size={Math.round(height * 0.65)} />
    </ThemeIcon>
  );
}
