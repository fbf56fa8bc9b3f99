import {
  ActionIcon,
  Alert,
  Card,
  Container,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { COURSE_FILTERS, type CourseFilter } from '../../../common/courses';
import { formatPrice } from '../../../common/money';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { useUrlFilters } from '../../app/use-url-filters';
import { confirmDestructive } from '../../components/confirm-destructive';
import { LinkButton } from '../../components/link-button';
import { Pager } from '../../components/pager';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useCourses, useDeleteCourse } from './api';
import { StatusBadge } from './status-badge';

const FILTER_LABELS: Record<CourseFilter, string> = {
  withStudyMaterial: 'With study material',
  withoutStudyMaterial: 'Without study material',
  withQuiz: 'With quiz',
  withoutQuiz: 'Without quiz',
  withFaq: 'With FAQ',
  withoutFaq: 'Without FAQ',
};

function CourseCard({ course }: { course: AuthoredCourse }) {
  const navigate = useNavigate();
  const remove = useDeleteCourse();
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete this course?',
      message: `“${course.title}” and everything in it will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete course',
      onConfirm: () =>
        remove.mutate(course.id, {
          onSuccess: () => toast('success', 'Course deleted'),
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="lg" data-testid="course-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {course.title}
          </Text>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${course.title}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => navigate(`/view-course?courseId=${course.id}`)}>View</Menu.Item>
              <Menu.Item
                onClick={() => navigate(`/add-course-list?courseId=${course.id}&step=course-information`)}
              >
                Edit
              </Menu.Item>
              <Menu.Item color="red" onClick={confirmDelete}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="xs">
          <StatusBadge status={course.status} />
          {course.hasLiveVersion && course.status !== 'APPROVED' && (
            <Text size="xs" c="dimmed">
              approved version is live
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {[course.category, course.level, course.language].filter(Boolean).join(' · ')}
        </Text>
        {course.ownerName && (
          <Text size="xs" c="dimmed">
            By {course.ownerName}
          </Text>
        )}
        <Group justify="space-between" mt="auto">
          <Text fw={600}>{course.price > 0 ? formatPrice(course.price, course.currency) : 'Free'}</Text>
          <Text size="xs" c="dimmed">
            {countOf(course.counts?.videos ?? 0, 'video')} · {countOf(course.counts?.faqs ?? 0, 'FAQ')} ·{' '}
            {countOf(course.counts?.materials ?? 0, 'file')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** Course Management: the author's courses (an institute's include its teachers', an admin's all). */
export default function CourseListPage() {
  const { params, page, update } = useUrlFilters();
  const filter = (params.get('filter') ?? undefined) as CourseFilter | undefined;
  const [search, setSearch] = [params.get('search') ?? '', (value: string) => update({ search: value })];
  const [debounced] = useDebouncedValue(search, 300);
  const courses = useCourses({ search: debounced || undefined, filter, page });
  const lock = usePlanLock('courses', 'create');

  const totalPages = courses.data ? Math.max(1, Math.ceil(courses.data.total / courses.data.pageSize)) : 1;
  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Course Management
          </Title>
          <LinkButton
            to="/add-course-list?step=course-information"
            leftSection={<IconPlus size={18} />}
            {...lockedControlProps(lock)}
          >
            Add course
          </LinkButton>
        </Group>
        <PlanLockNote lock={lock} />
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            placeholder="Search by title or category"
            aria-label="Search courses"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            aria-label="Filter courses"
            placeholder="All courses"
            clearable
            data={COURSE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
            value={filter ?? null}
            onChange={(value) => update({ filter: value })}
          />
        </Group>
        {courses.isError && <Alert color="red">{courses.error.message}</Alert>}
        {courses.isPending && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[1, 2, 3].map((key) => (
              <Skeleton key={key} h={160} />
            ))}
          </SimpleGrid>
        )}
        {courses.data && courses.data.total === 0 && (
          <Card withBorder padding="xl" ta="center">
            <Text fw={600}>{search || filter ? 'No course matches.' : 'No courses yet.'}</Text>
            <Text c="dimmed" size="sm">
              {search || filter
                ? 'Try another search or filter.'
                : 'Create your first course: start with its information, then add videos.'}
            </Text>
          </Card>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {courses.data?.courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </SimpleGrid>
        {totalPages > 1 && (
          <Pager
            page={page}
            total={totalPages}
            onChange={(value) => update({ page: String(value) }, false)}
          />
        )}
      </Stack>
    </Container>
  );
}
