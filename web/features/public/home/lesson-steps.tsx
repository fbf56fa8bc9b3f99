import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMicrophone2, IconMovie, IconPresentation } from '@tabler/icons-react';
import { useT } from '../../../app/i18n';

// Each step's title and text are the catalog's home.steps.<key>.title and .text.
const STEPS = [
  { icon: IconPresentation, key: 'upload' },
  { icon: IconMicrophone2, key: 'write' },
  { icon: IconMovie, key: 'get' },
];

/** How a deck of slides becomes a narrated video lesson, in three steps. */
export function LessonSteps() {
  const t = useT();
  return (
    <Stack gap="md" component="section" aria-labelledby="lesson-steps-title">
      <Title order={2} id="lesson-steps-title">
        {t('home.steps.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {STEPS.map((step, index) => (
          <Stack key={step.key} gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
              <step.icon size={24} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {t('home.steps.numbered', { number: index + 1, title: t(`home.steps.${step.key}.title`) })}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`home.steps.${step.key}.text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
