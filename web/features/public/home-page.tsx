import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrain, IconChartBar, IconMovie, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';

const FEATURES = [
  {
    icon: IconBrain,
    title: 'AI gurus',
    text: 'An instructor that answers students from your own course material, with a voice and a face.',
  },
  {
    icon: IconMovie,
    title: 'Narrated video lessons',
    text: 'Turn your slides into narrated videos with captions, without a studio.',
  },
  {
    icon: IconSchool,
    title: 'Courses and quizzes',
    text: 'Build courses with videos, quizzes, FAQ and study material, approved before they go live.',
  },
  {
    icon: IconChartBar,
    title: 'Reports',
    text: 'See how every student is doing: progress, scores, time spent and last activity.',
  },
];

export default function HomePage() {
  return (
    <Container size="lg">
      <Stack gap={48}>
        <Stack align="center" ta="center" gap="md" pt="xl">
          <Title order={1} fz={{ base: 34, sm: 48 }}>
            Teach with an AI guru that knows your course
          </Title>
          <Text size="lg" c="dimmed" maw={680}>
            Gurukul lets teachers and institutes build AI instructors and narrated video courses. Students
            learn, ask the guru, take quizzes and see their progress.
          </Text>
          <Group>
            <Button component={Link} to="/sign-up" size="md">
              Start your free trial
            </Button>
            <Button component={Link} to="/explore-course" size="md" variant="default">
              Explore courses
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder padding="lg">
              <ThemeIcon size="xl" variant="light" mb="sm">
                <feature.icon size={24} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {feature.title}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
