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
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { useUrlFilters } from '../../app/use-url-filters';
import { confirmDestructive } from '../../components/confirm-destructive';
import { LinkButton } from '../../components/link-button';
import { Pager } from '../../components/pager';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useCourses, useDeleteCourse } from './api';
import { useT } from './i18n';
import { StatusBadge } from './status-badge';

function CourseCard({ course }: { course: AuthoredCourse }) {
  const navigate = useNavigate();
  const remove = useDeleteCourse();
  const t = useT();
  const locale = useLocale();
  const confirmDelete = () =>
    confirmDestructive({
      title: t('courses.list.deleteTitle'),
      message: t('courses.list.deleteMessage', { title: course.title }),
      confirmLabel: t('courses.list.deleteConfirm'),
      onConfirm: () =>
        remove.mutate(course.id, {
          onSuccess: () => toast('success', t('courses.list.deleted')),
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
              <ActionIcon variant="subtle" aria-label={t('courses.list.actions', { title: course.title })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => navigate(`/view-course?courseId=${course.id}`)}>
                {t('courses.list.view')}
              </Menu.Item>
              <Menu.Item
                onClick={() => navigate(`/add-course-list?courseId=${course.id}&step=course-information`)}
              >
                {t('courses.list.edit')}
              </Menu.Item>
              <Menu.Item color="red" onClick={confirmDelete}>
                {t('courses.list.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="xs">
          <StatusBadge status={course.status} />
          {course.hasLiveVersion && course.status !== 'APPROVED' && (
            <Text size="xs" c="dimmed">
              {t('courses.list.liveVersion')}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {[course.category, course.level, course.language].filter(Boolean).join(' · ')}
        </Text>
        {course.ownerName && (
          <Text size="xs" c="dimmed">
            {t('courses.list.by', { name: course.ownerName })}
          </Text>
        )}
        <Group justify="space-between" mt="auto">
          <Text fw={600}>
            {course.price > 0
              ? formatPrice(course.price, course.currency, undefined, locale)
              : t('courses.list.free')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('courses.list.counts', {
              videos: course.counts?.videos ?? 0,
              faqs: course.counts?.faqs ?? 0,
              files: course.counts?.materials ?? 0,
            })}
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
  const t = useT();

  const totalPages = courses.data ? Math.max(1, Math.ceil(courses.data.total / courses.data.pageSize)) : 1;
  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('nav.Course Management')}
          </Title>
          <LinkButton
            to="/add-course-list?step=course-information"
            leftSection={<IconPlus size={18} />}
            {...lockedControlProps(lock)}
          >
            {t('courses.list.add')}
          </LinkButton>
        </Group>
        <PlanLockNote lock={lock} />
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            placeholder={t('courses.list.search')}
            aria-label={t('courses.list.searchLabel')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            aria-label={t('courses.list.filterLabel')}
            placeholder={t('courses.list.all')}
            clearable
            data={COURSE_FILTERS.map((value) => ({ value, label: t(`courses.list.filter.${value}`) }))}
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
            <Text fw={600}>{t(search || filter ? 'courses.list.noMatch' : 'courses.list.none')}</Text>
            <Text c="dimmed" size="sm">
              {t(search || filter ? 'courses.list.tryAnother' : 'courses.list.createFirst')}
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
