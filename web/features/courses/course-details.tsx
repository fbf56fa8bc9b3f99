import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPrice } from '../../../common/money';
import { useLocale } from '../../app/i18n';
import { useT } from './i18n';

interface Info {
  description: string;
  category: string;
  level: string;
  language: string;
  price: number;
  currency: string;
  passingScore: number;
}

/** The information step, read-only: used by the course view and the approval view. */
export function CourseDetails({ info }: { info: Info }) {
  const t = useT();
  const locale = useLocale();
  const facts = [
    [t('courses.details.category'), info.category],
    [t('courses.details.level'), info.level],
    [t('courses.details.language'), info.language],
    [
      t('courses.details.price'),
      info.price > 0 ? formatPrice(info.price, info.currency, undefined, locale) : t('courses.details.free'),
    ],
    [t('courses.details.passingScore'), String(info.passingScore)],
  ];
  return (
    <Stack>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{info.description}</Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {facts.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value || '—'}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
