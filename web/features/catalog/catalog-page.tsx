import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import type { CatalogCourse } from '../../../common/contracts/catalog';
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../../../common/courses';
import { lazyPart } from '../../app/lazy-part';
import { useUrlFilters } from '../../app/use-url-filters';
import { BrandMark } from '../../components/brand-mark';
import { CourseCover } from '../../components/course-cover';
import { Pager } from '../../components/pager';
import { type CatalogQuery, useCatalog } from './api';
import { useT } from './i18n';
import { useLocalPrice } from './local-price';

// The course drawer (previews with hls.js, checkout, accordion) loads with the first course opened.
const CourseDrawer = lazyPart(
  'catalog-course-drawer',
  async () => (await import('./course-drawer')).CourseDrawer,
);

function CourseCard({ course, price, onOpen }: { course: CatalogCourse; price: string; onOpen: () => void }) {
  const t = useT();
  const byline = { teacher: course.teacherName, lessons: course.lessonCount, previews: course.previewCount };
  return (
    <Card withBorder padding="lg" data-testid="catalog-card">
      <Card.Section>
        <CourseCover
          pictureUrl={course.thumbnailUrl}
          title={course.title}
          category={course.category}
          teacherName={course.teacherName}
        />
      </Card.Section>
      <Stack gap="xs" mt="sm" h="100%">
        <Text fw={700} lineClamp={2}>
          {course.title}
        </Text>
        <Text size="sm" c="dimmed">
          {[course.category, course.level, course.language].filter(Boolean).join(' · ')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <BrandMark url={course.brandLogoUrl} name={course.teacherName} height={22} />
          <Text size="xs" c="dimmed">
            {t(course.previewCount > 0 ? 'catalog.card.bylinePreviews' : 'catalog.card.byline', byline)}
          </Text>
        </Group>
        <Group justify="space-between" mt="auto">
          <Text fw={700} data-testid="catalog-price">
            {price}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={onOpen}
            aria-label={t('catalog.card.viewLabel', { title: course.title })}
          >
            {t('catalog.card.view')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Explore Courses: the catalog of approved courses, for guests (/explore-course) and learners. */
export default function CatalogPage() {
  const t = useT();
  const { params, page, update, clear } = useUrlFilters();
  const search = params.get('search') ?? '';
  const [debounced] = useDebouncedValue(search, 300);
  const price = params.get('price');
  const query: CatalogQuery = {
    search: debounced || undefined,
    category: params.get('category') ?? undefined,
    level: params.get('level') ?? undefined,
    price: price === 'free' || price === 'paid' ? price : undefined,
    page,
  };
  const catalog = useCatalog(query);
  const localPrice = useLocalPrice();
  const openId = params.get('courseId');
  // Mounted from the first opening on, so closing keeps the drawer's transition.
  const [drawerWanted, setDrawerWanted] = useState(openId !== null);
  if (openId !== null && !drawerWanted) setDrawerWanted(true);

  const totalPages = catalog.data ? Math.max(1, Math.ceil(catalog.data.total / catalog.data.pageSize)) : 1;
  const filtered = Boolean(query.search || query.category || query.level || query.price);
  return (
    // The public header's width, so the grid lines up with it.
    <Container size="lg" py="md">
      <Stack>
        <Title order={1} size="h2">
          {t('catalog.title')}
        </Title>
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            placeholder={t('catalog.search.placeholder')}
            aria-label={t('catalog.search.label')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => update({ search: event.currentTarget.value })}
          />
          <Select
            aria-label={t('catalog.category')}
            placeholder={t('catalog.allCategories')}
            data={[...COURSE_CATEGORIES]}
            value={query.category ?? null}
            onChange={(value) => update({ category: value })}
            clearable
          />
          <Select
            aria-label={t('catalog.level')}
            placeholder={t('catalog.allLevels')}
            data={[...COURSE_LEVELS]}
            value={query.level ?? null}
            onChange={(value) => update({ level: value })}
            clearable
          />
          <Select
            aria-label={t('catalog.price')}
            placeholder={t('catalog.anyPrice')}
            data={[
              { value: 'free', label: t('catalog.free') },
              { value: 'paid', label: t('catalog.paid') },
            ]}
            value={query.price ?? null}
            onChange={(value) => update({ price: value })}
            clearable
          />
        </Group>
        {catalog.isError && <Alert color="red">{catalog.error.message}</Alert>}
        {catalog.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[1, 2, 3].map((n) => (
              <Skeleton key={n} h={280} />
            ))}
          </SimpleGrid>
        ) : catalog.data && catalog.data.courses.length === 0 ? (
          <Card withBorder padding="xl">
            <Stack align="center" gap="xs">
              <Text fw={600}>{t(filtered ? 'catalog.noMatch' : 'catalog.noCourses')}</Text>
              <Text size="sm" c="dimmed">
                {t(filtered ? 'catalog.tryOther' : 'catalog.checkBack')}
              </Text>
              {filtered && (
                <Button variant="light" onClick={clear}>
                  {t('catalog.clearFilters')}
                </Button>
              )}
            </Stack>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {catalog.data?.courses.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                price={localPrice(course.price, course.currency)}
                onOpen={() => update({ courseId: course.id }, false)}
              />
            ))}
          </SimpleGrid>
        )}
        {totalPages > 1 && (
          <Group justify="center">
            <Pager
              page={page}
              total={totalPages}
              onChange={(value) => update({ page: String(value) }, false)}
            />
          </Group>
        )}
      </Stack>
      {drawerWanted && (
        <Suspense fallback={null}>
          <CourseDrawer courseId={openId} onClose={() => update({ courseId: null }, false)} />
        </Suspense>
      )}
    </Container>
  );
}
