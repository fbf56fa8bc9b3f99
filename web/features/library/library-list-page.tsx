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
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { CardGrid } from '../../components/card-grid';
import { confirmDestructive } from '../../components/confirm-destructive';
import { LinkButton } from '../../components/link-button';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useDeleteLibrary, useLibraries } from './api';
import { forgetLibrary } from './draft-db';
import { LibraryStatusBadge } from './status-badges';
import { useLibraryProgress } from './use-library-progress';

function LibraryCard({ library }: { library: LibrarySummary }) {
  const remove = useDeleteLibrary();
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete this course library?',
      message: `“${library.title}”, its ${countOf(library.segmentCount, 'segment')} and its video will be deleted${library.status === 'generating' ? ', and the generation running now stops' : ''}. Lessons that already use the video keep their copy. This cannot be undone.`,
      confirmLabel: 'Delete library',
      onConfirm: () =>
        remove.mutate(library.id, {
          onSuccess: () => {
            void forgetLibrary(library.id);
            toast('success', 'Course library deleted');
          },
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="md" component="article" aria-label={library.title} data-testid="library-card">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {library.posterUrl ? (
            <Image src={library.posterUrl} alt={`Poster of ${library.title}`} fit="cover" />
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
            {countOf(library.segmentCount, 'slide')}
          </Badge>
          {library.durationSeconds !== null && (
            <Badge variant="outline" color="gray">
              {formatSpan(library.durationSeconds)}
            </Badge>
          )}
          {library.generatedAt && library.changedSegments > 0 && library.status !== 'generating' && (
            <Badge variant="light" color="orange" data-testid="library-changes">
              {countOf(library.changedSegments, 'change')} not generated
            </Badge>
          )}
        </Group>
        {library.status === 'generating' && (
          <Progress
            value={library.progress}
            animated
            aria-label={`Generation progress of ${library.title}`}
          />
        )}
        {library.status === 'failed' && library.error && (
          <Text size="sm" c="red" lineClamp={3}>
            {library.error}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Updated {formatDateTime(library.updatedAt)}
        </Text>
        <Group mt="auto" gap="xs">
          <Button
            component={Link}
            to={`/course-library-wizard?id=${library.id}`}
            size="xs"
            leftSection={<IconPencil size={14} />}
            aria-label={`Open ${library.title}`}
          >
            Open
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            aria-label={`Delete ${library.title}`}
          >
            Delete
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
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Course Library
            </Title>
            <Text c="dimmed" size="sm">
              Turn a slide deck into a narrated video for your lessons.
              {slideLimit !== undefined &&
                (slideLimit === null
                  ? ' Your plan has no slide limit.'
                  : ` Your plan allows ${countOf(slideLimit, 'slide')} per library.`)}
            </Text>
          </div>
          <LinkButton
            to="/course-library-upload"
            leftSection={<IconUpload size={16} />}
            {...lockedControlProps(lock)}
          >
            Upload slides
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
            title: 'No course libraries yet',
            text: 'Upload your slides as a PDF: each slide becomes a segment you narrate, and Gurukul renders the video with your voice and avatar.',
            action: (
              <LinkButton to="/course-library-upload" variant="light" {...lockedControlProps(lock)}>
                Upload your first deck
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
