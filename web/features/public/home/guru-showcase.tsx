import { Badge, Card, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconVolume } from '@tabler/icons-react';
import { useT } from '../../../app/i18n';

/**
 * The guru at work, as a student sees it in a session: a question, the answer in the course's own words, and
 * the citation that opens the lesson at the moment that teaches it. Static: the home page loads no session.
 */
export function GuruShowcase() {
  const t = useT();
  return (
    <Card withBorder radius="lg" padding="lg" shadow="md" aria-label={t('home.showcase.label')}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Image src="/illustrations/teacher.svg" alt="" w={56} h={56} radius="xl" style={{ flex: 'none' }} />
          <div>
            <Text fw={700}>{t('home.showcase.guru')}</Text>
            <Group gap={4} c="dimmed">
              <IconVolume size={14} aria-hidden />
              <Text size="xs">{t('home.showcase.speaking')}</Text>
            </Group>
          </div>
        </Group>
        <Paper p="sm" radius="md" ml="auto" maw="85%" bg="var(--mantine-primary-color-light)">
          <Text size="sm">{t('home.showcase.question')}</Text>
        </Paper>
        <Paper withBorder p="sm" radius="md" maw="92%">
          <Stack gap="xs">
            <Text size="sm">{t('home.showcase.answer')}</Text>
            <Badge
              variant="light"
              leftSection={<IconPlayerPlayFilled size={10} aria-hidden />}
              style={{ textTransform: 'none', alignSelf: 'flex-start' }}
            >
              {t('home.showcase.chip')}
            </Badge>
          </Stack>
        </Paper>
      </Stack>
    </Card>
  );
}
