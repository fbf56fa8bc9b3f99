import { Badge, Card, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconVolume } from '@tabler/icons-react';

/**
 * The guru at work, as a student sees it in a session: a question, the answer in the course's own words, and
 * the citation that opens the lesson at the moment that teaches it. Static: the home page loads no session.
 */
export function GuruShowcase() {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="md" aria-label="A guru answering a student">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Image src="/illustrations/teacher.svg" alt="" w={56} h={56} radius="xl" style={{ flex: 'none' }} />
          <div>
            <Text fw={700}>Geometry Guru</Text>
            <Group gap={4} c="dimmed">
              <IconVolume size={14} aria-hidden />
              <Text size="xs">Speaking · Foundations of Geometry</Text>
            </Group>
          </div>
        </Group>
        <Paper p="sm" radius="md" ml="auto" maw="85%" bg="var(--mantine-primary-color-light)">
          <Text size="sm">Why do the angles of a triangle add up to 180°?</Text>
        </Paper>
        <Paper withBorder p="sm" radius="md" maw="92%">
          <Stack gap="xs">
            <Text size="sm">
              Tear off the three corners of a paper triangle and lay them side by side: together they make a
              straight line, and a straight line is 180°. That is why every triangle's angles add up to 180°.
            </Text>
            <Badge
              variant="light"
              leftSection={<IconPlayerPlayFilled size={10} aria-hidden />}
              style={{ textTransform: 'none', alignSelf: 'flex-start' }}
            >
              Triangles · 0:42
            </Badge>
          </Stack>
        </Paper>
      </Stack>
    </Card>
  );
}
