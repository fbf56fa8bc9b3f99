import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Card,
  Container,
  Group,
  Menu,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconDots,
  IconMessageChatbot,
  IconPencil,
  IconPlus,
  IconRobot,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { GuruSummary } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import { formatDate } from '../../../common/time';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { CardGrid } from '../../components/card-grid';
import { confirmDestructive } from '../../components/confirm-destructive';
import { LinkButton } from '../../components/link-button';
import {
  lockedControlProps,
  type PlanLock,
  PlanLockNote,
  usePlanLimitLock,
  usePlanLock,
} from '../../components/plan-lock';
import { useDeleteGuru, useGurus } from './api';
import { GettingStartedChecklist, useGettingStarted } from './getting-started';
import { GuruStatusBadge } from './guru-status-badge';
import { useTrainingEvents } from './use-training-events';

function GuruCard({ guru, blocked }: { guru: GuruSummary; blocked: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteGuru();
  const editUrl = `/training-guru?guruId=${guru.id}&step=training-information`;
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete this guru?',
      message: `“${guru.name}” and its ${countOf(guru.conversationCount, 'conversation')} will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete guru',
      onConfirm: () =>
        remove.mutate(guru.id, {
          onSuccess: () => toast('success', 'Guru deleted'),
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="lg" data-testid="guru-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group wrap="nowrap" gap="sm">
            <Avatar src={guru.avatarImageUrl} alt="" radius="xl" size="lg" color="blue">
              <IconRobot size={24} />
            </Avatar>
            <div>
              <Text fw={700} lineClamp={2}>
                {guru.name}
              </Text>
              {guru.subject && (
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {guru.subject}
                </Text>
              )}
            </div>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${guru.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={14} />}
                disabled={blocked}
                onClick={() => navigate(editUrl)}
              >
                Edit
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={confirmDelete}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="xs">
          <GuruStatusBadge status={guru.status} progress={guru.trainingProgress} />
          <Badge variant="outline" color="gray">
            {countOf(guru.conversationCount, 'conversation')}
          </Badge>
        </Group>
        {guru.status === 'training' && (
          <Progress value={guru.trainingProgress} aria-label={`Training progress of ${guru.name}`} animated />
        )}
        <Text size="sm" c="dimmed" lineClamp={2}>
          {guru.courseTitles.length > 0
            ? `Learns from ${guru.courseTitles.join(', ')}`
            : 'No courses chosen yet'}
        </Text>
        <Text size="xs" c="dimmed">
          By {guru.ownerName} · updated {formatDate(guru.updatedAt)}
        </Text>
        <Group mt="auto" gap="xs">
          <LinkButton
            to={`/guru?guruId=${guru.id}`}
            size="xs"
            leftSection={<IconMessageChatbot size={14} />}
            disabled={guru.status !== 'ready'}
          >
            Test
          </LinkButton>
          <LinkButton to={editUrl} size="xs" variant="default" disabled={blocked}>
            Edit
          </LinkButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** Create guru, locked with the plan's reason (its module, else its guru limit) like every plan-gated control. */
function CreateButton({ lock }: { lock: PlanLock }) {
  return (
    <LinkButton
      to="/training-guru?step=training-information"
      leftSection={<IconPlus size={16} />}
      {...lockedControlProps(lock)}
    >
      Create guru
    </LinkButton>
  );
}

/** /guru-list: the gurus the user builds, with their training status and the plan's limit. */
export default function GuruListPage() {
  const gurus = useGurus();
  useTrainingEvents();
  // Read again when a guru's status changes (training finishing ticks the guru step).
  const checklist = useGettingStarted(gurus.data?.gurus.map((guru) => guru.status).join() ?? '');
  const noCourse = checklist?.data?.steps[0]?.done === false;
  const limit = gurus.data?.limit;
  const atLimit = Boolean(limit && limit.limit !== null && limit.count >= limit.limit);
  const moduleLock = usePlanLock('gurus', 'create');
  const limitLock = usePlanLimitLock(atLimit, `Your plan allows ${countOf(limit?.limit ?? 0, 'guru')}.`);
  const lock = moduleLock.locked ? moduleLock : limitLock;
  const courseLock = usePlanLock('courses', 'create');
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={1} size="h2">
              Gurus
            </Title>
            <Text c="dimmed" size="sm">
              AI instructors that answer your students from your courses.
              {limit &&
                limit.limit !== null &&
                ` ${limit.count} of ${countOf(limit.limit, 'guru')} on your plan.`}
            </Text>
          </div>
          <CreateButton lock={lock} />
        </Group>
        {limit?.overLimit && (
          <Alert color="red" title={GURU_MSG.deleteExtraGurus} data-testid="guru-over-limit">
            Your plan allows {countOf(limit.limit ?? 0, 'guru')} and you have {limit.count}. Students can
            still talk to them, but editing waits until you delete {limit.count - (limit.limit ?? 0)}.
          </Alert>
        )}
        {/* Over the limit, the red notice above says what to do instead. */}
        {!limit?.overLimit && <PlanLockNote lock={lock} />}
        {checklist?.data && <GettingStartedChecklist data={checklist.data} />}
        <CardGrid
          loading={gurus.isPending}
          error={gurus.isError ? gurus.error.message : null}
          items={gurus.data?.gurus}
          skeletonHeight={200}
          empty={{
            testId: 'gurus-empty',
            icon: <IconRobot size={40} stroke={1.5} aria-hidden />,
            title: 'No gurus yet',
            text: noCourse
              ? 'A guru answers your students from your courses, so it needs a course first. Create a course, add a lesson, then come back to build its guru.'
              : 'Create a guru, choose the courses it learns from, train it, and your students can ask it questions.',
            action: noCourse ? (
              <Stack gap={6} align="center">
                <LinkButton
                  to="/add-course-list?step=course-information"
                  leftSection={<IconPlus size={16} />}
                  {...lockedControlProps(courseLock)}
                >
                  Create course
                </LinkButton>
                <PlanLockNote lock={courseLock} />
              </Stack>
            ) : undefined,
          }}
        >
          {(guru) => <GuruCard key={guru.id} guru={guru} blocked={Boolean(limit?.overLimit)} />}
        </CardGrid>
      </Stack>
    </Container>
  );
}
