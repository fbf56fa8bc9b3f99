import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPresentation, IconTrash, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LibrarySummary } from '../../../common/contracts/library';
import { formatDateTime, formatSpan } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { CardGrid } from '../../components/card-grid';
import { confirmDestructive } from '../../components/confirm-destructive';
import { LinkButton } from '../../components/link-button';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useDeleteLibrary, useLibraries } from './api';
import { forgetLibrary } from './draft-db';
import { useT } from './i18n';
import { LibraryStatusBadge } from './status-badges';
import { useLibraryProgress } from './use-library-progress';

function LibraryCard({ library }: { library: LibrarySummary }) {
  const remove = useDeleteLibrary();
  const t = useT();
  const locale = useLocale();
  const confirmDelete = () =>
    confirmDestructive({
      title: t('library.list.deleteTitle'),
      message: t(
        library.status === 'generating'
          ? 'library.list.deleteMessageGenerating'
          : 'library.list.deleteMessage',
        { title: library.title, count: library.segmentCount },
      ),
      confirmLabel: t('library.list.deleteConfirm'),
      onConfirm: () =>
        remove.mutate(library.id, {
          onSuccess: () => {
            void forgetLibrary(library.id);
            toast('success', t('library.list.deleted'));
          },
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="md" component="article" aria-label={library.title} data-testid="library-card">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {library.posterUrl ? (
            <Image
              src={library.posterUrl}
              alt={t('library.list.poster', { title: library.title })}
              fit="cover"
            />
          ) : (
            <Center bg="var(--mantine-color-default-hover)" aria-hidden>
              <IconPresentation size={40} stroke={1.3} />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="sm" h="100%">
        <div>
          <Text fw={700} lineClamp={2}>
            {library.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1} title={library.sourceName}>
            {library.sourceName}
          </Text>
        </div>
        <Group gap="xs">
          <LibraryStatusBadge status={library.status} progress={library.progress} stage={library.stage} />
          <Badge variant="outline" color="gray">
            {t('library.list.slides', { count: library.segmentCount })}
          </Badge>
          {library.durationSeconds !== null && (
            <Badge variant="outline" color="gray">
              {formatSpan(library.durationSeconds, 'second', locale)}
            </Badge>
          )}
          {library.generatedAt && library.changedSegments > 0 && library.status !== 'generating' && (
            <Badge variant="light" color="orange" data-testid="library-changes">
              {t('library.list.changes', { count: library.changedSegments })}
            </Badge>
          )}
        </Group>
        {library.status === 'generating' && (
          <Progress
            value={library.progress}
            animated
            aria-label={t('library.list.progress', { title: library.title })}
          />
        )}
        {library.status === 'failed' && library.error && (
          <Text size="sm" c="red" lineClamp={3}>
            {library.error}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('library.list.updated', { date: formatDateTime(library.updatedAt, { locale }) })}
        </Text>
        <Group mt="auto" gap="xs">
          <Button
            component={Link}
            to={`/course-library-wizard?id=${library.id}`}
            size="xs"
            leftSection={<IconPencil size={14} />}
            aria-label={t('library.list.openLabel', { title: library.title })}
          >
            {t('library.list.open')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            aria-label={t('library.list.deleteLabel', { title: library.title })}
          >
            {t('library.list.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /course-library-list: the owner's slide decks turned into narrated videos. */
export default function LibraryListPage() {
  const libraries = useLibraries();
  useLibraryProgress();
  const slideLimit = libraries.data?.slideLimit;
  const lock = usePlanLock('courseLibrary', 'create');
  const t = useT();
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {t('nav.Course Library')}
            </Title>
            <Text c="dimmed" size="sm">
              {slideLimit === undefined
                ? t('library.list.intro')
                : slideLimit === null
                  ? t('library.list.introNoLimit')
                  : t('library.list.introLimit', { count: slideLimit })}
            </Text>
          </div>
          <LinkButton
            to="/course-library-upload"
            leftSection={<IconUpload size={16} />}
            {...lockedControlProps(lock)}
          >
            {t('library.list.upload')}
          </LinkButton>
        </Group>
        <PlanLockNote lock={lock} />
        <CardGrid
          loading={libraries.isPending}
          error={libraries.isError ? libraries.error.message : null}
          items={libraries.data?.libraries}
          skeletonHeight={280}
          empty={{
            testId: 'libraries-empty',
            icon: <IconPresentation size={40} stroke={1.5} aria-hidden />,
            title: t('library.list.emptyTitle'),
            text: t('library.list.emptyText'),
            action: (
              <LinkButton to="/course-library-upload" variant="light" {...lockedControlProps(lock)}>
                {t('library.list.emptyAction')}
              </LinkButton>
            ),
          }}
        >
          {(library) => <LibraryCard key={library.id} library={library} />}
        </CardGrid>
      </Stack>
    </Container>
  );
}
