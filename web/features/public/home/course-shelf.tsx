import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../app/i18n';
import { CourseCover } from '../../../components/course-cover';
import { useCatalog } from '../../catalog';

const SHOWN = 6;

/** Live courses on the platform, newest first, each opening its page in the catalog. Hidden while there are none. */
export function CourseShelf() {
  const t = useT();
  const catalog = useCatalog({ page: 1 });
  const courses = catalog.data?.courses.slice(0, SHOWN) ?? [];
  if (courses.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="course-shelf-title">
      <Group justify="space-between" align="end">
        <Title order={2} id="course-shelf-title">
          {t('home.shelf.title')}
        </Title>
        <Button component={Link} to="/explore-course" variant="subtle">
          {t('home.shelf.browse')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {courses.map((course) => (
          <Card
            key={course.id}
            withBorder
            padding="md"
            component={Link}
            to={`/explore-course?courseId=${course.id}`}
            data-testid="home-course"
          >
            <Card.Section>
              <CourseCover
                pictureUrl={course.thumbnailUrl}
                title={course.title}
                category={course.category}
                teacherName={course.teacherName}
              />
            </Card.Section>
            <Text fw={700} mt="sm" lineClamp={2}>
              {course.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t('home.shelf.byline', { teacher: course.teacherName, lessons: course.lessonCount })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
