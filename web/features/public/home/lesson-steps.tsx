import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMicrophone2, IconMovie, IconPresentation } from '@tabler/icons-react';

const STEPS = [
  {
    icon: IconPresentation,
    title: 'Upload your slides',
    text: 'A PDF or PowerPoint deck: every slide becomes a segment of the lesson.',
  },
  {
    icon: IconMicrophone2,
    title: 'Write what you would say',
    text: 'Type the narration for each slide and pick a voice; change one slide later without redoing the rest.',
  },
  {
    icon: IconMovie,
    title: 'Get a narrated lesson',
    text: 'A video with captions and your avatar, ready to add to a course, and the guru learns every slide.',
  },
];

/** How a deck of slides becomes a narrated video lesson, in three steps. */
export function LessonSteps() {
  return (
    <Stack gap="md" component="section" aria-labelledby="lesson-steps-title">
      <Title order={2} id="lesson-steps-title">
        Narrated lessons from the slides you already have
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {STEPS.map((step, index) => (
          <Stack key={step.title} gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
              <step.icon size={24} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {index + 1}. {step.title}
            </Title>
            <Text size="sm" c="dimmed">
              {step.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
