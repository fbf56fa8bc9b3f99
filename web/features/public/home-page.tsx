import {
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBrain, IconChartBar, IconMovie, IconSchool } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { GuruShowcase } from './home/guru-showcase';
import { LessonSteps } from './home/lesson-steps';

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

// The course grid (catalog query, covers) loads after the first paint: the hero is what a visitor reads first.
const CourseShelf = lazy(async () => ({ default: (await import('./home/course-shelf')).CourseShelf }));

/** The public home page: the guru answering, narrated lessons, the courses taught here, then the rest. */
export default function HomePage() {
  return (
    <Container size="lg">
      <Stack gap={64} pb={48}>
        <Grid gap="xl" align="center" pt="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
                Teach with an AI guru that knows your course
              </Title>
              <Text size="lg" c="dimmed">
                Gurukul lets teachers and institutes build AI instructors and narrated video courses. Students
                learn, ask the guru at any hour, take quizzes and see their progress.
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <GuruShowcase />
          </Grid.Col>
        </Grid>
        <LessonSteps />
        <Suspense fallback={null}>
          <CourseShelf />
        </Suspense>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder padding="lg">
              <ThemeIcon size="xl" variant="light" mb="sm" aria-hidden>
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
        <Card withBorder radius="lg" padding="xl" bg="var(--mantine-primary-color-light)">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2}>Open your school this week</Title>
            <Text c="dimmed" maw={560}>
              Upload a course, train its guru on it and invite your students. The free trial needs no card.
            </Text>
            <Button component={Link} to="/sign-up" size="md">
              Start your free trial
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
