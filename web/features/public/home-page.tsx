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
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useT } from '../../app/i18n';
import { lazyPart } from '../../app/lazy-part';
import { GuruShowcase } from './home/guru-showcase';
import { LessonSteps } from './home/lesson-steps';

// Each feature's title and text are the catalog's home.feature.<key>.title and .text.
const FEATURES = [
  { icon: IconBrain, key: 'gurus' },
  { icon: IconMovie, key: 'lessons' },
  { icon: IconSchool, key: 'courses' },
  { icon: IconChartBar, key: 'reports' },
];

// The course grid (catalog query, covers) loads after the first paint: the hero is what a visitor reads first.
const CourseShelf = lazyPart(
  'home-course-shelf',
  async () => (await import('./home/course-shelf')).CourseShelf,
);

/** The public home page: the guru answering, narrated lessons, the courses taught here, then the rest. */
export default function HomePage() {
  const t = useT();
  return (
    <Container size="lg">
      <Stack gap={64} pb={48}>
        <Grid gap="xl" align="center" pt="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
                {t('home.title')}
              </Title>
              <Text size="lg" c="dimmed">
                {t('home.lead')}
              </Text>
              <Group>
                <Button component={Link} to="/sign-up" size="md">
                  {t('home.startTrial')}
                </Button>
                <Button component={Link} to="/explore-course" size="md" variant="default">
                  {t('home.exploreCourses')}
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
            <Card key={feature.key} withBorder padding="lg">
              <ThemeIcon size="xl" variant="light" mb="sm" aria-hidden>
                <feature.icon size={24} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {t(`home.feature.${feature.key}.title`)}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`home.feature.${feature.key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Card withBorder radius="lg" padding="xl" bg="var(--mantine-primary-color-light)">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2}>{t('home.cta.title')}</Title>
            <Text c="dimmed" maw={560}>
              {t('home.cta.text')}
            </Text>
            <Button component={Link} to="/sign-up" size="md">
              {t('home.startTrial')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
