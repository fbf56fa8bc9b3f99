import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPrice } from '../../../common/money';

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
  const facts = [
    ['Category', info.category],
    ['Level', info.level],
    ['Language', info.language],
    ['Price', info.price > 0 ? formatPrice(info.price, info.currency) : 'Free'],
    ['Passing score', String(info.passingScore)],
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
