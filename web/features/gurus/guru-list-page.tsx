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
import { formatDate } from '../../../common/time';
import { useLocale } from '../../app/i18n';
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
import { useT } from './i18n';
import { useTrainingEvents } from './use-training-events';

function GuruCard({ guru, blocked }: { guru: GuruSummary; blocked: boolean }) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const remove = useDeleteGuru();
  const editUrl = `/training-guru?guruId=${guru.id}&step=training-information`;
  const confirmDelete = () =>
    confirmDestructive({
      title: t('gurus.card.deleteTitle'),
      message: t('gurus.card.deleteMessage', { name: guru.name, count: guru.conversationCount }),
      confirmLabel: t('gurus.card.deleteConfirm'),
      onConfirm: () =>
        remove.mutate(guru.id, {
          onSuccess: () => toast('success', t('gurus.card.deleted')),
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
              <ActionIcon variant="subtle" aria-label={t('gurus.card.actions', { name: guru.name })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={14} />}
                disabled={blocked}
                onClick={() => navigate(editUrl)}
              >
                {t('gurus.card.edit')}
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={confirmDelete}>
                {t('gurus.card.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="xs">
          <GuruStatusBadge status={guru.status} progress={guru.trainingProgress} />
          <Badge variant="outline" color="gray">
            {t('gurus.card.conversations', { count: guru.conversationCount })}
          </Badge>
        </Group>
        {guru.status === 'training' && (
          <Progress
            value={guru.trainingProgress}
            aria-label={t('gurus.card.trainingProgress', { name: guru.name })}
            animated
          />
        )}
        <Text size="sm" c="dimmed" lineClamp={2}>
          {guru.courseTitles.length > 0
            ? t('gurus.card.learnsFrom', { courses: guru.courseTitles.join(', ') })
            : t('gurus.card.noCourses')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('gurus.card.byline', { owner: guru.ownerName, date: formatDate(guru.updatedAt, { locale }) })}
        </Text>
        <Group mt="auto" gap="xs">
          <LinkButton
            to={`/guru?guruId=${guru.id}`}
            size="xs"
            leftSection={<IconMessageChatbot size={14} />}
            disabled={guru.status !== 'ready'}
          >
            {t('gurus.card.test')}
          </LinkButton>
          <LinkButton to={editUrl} size="xs" variant="default" disabled={blocked}>
            {t('gurus.card.edit')}
          </LinkButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** Create guru, locked with the plan's reason (its module, else its guru limit) like every plan-gated control. */
function CreateButton({ lock }: { lock: PlanLock }) {
  const t = useT();
  return (
    <LinkButton
      to="/training-guru?step=training-information"
      leftSection={<IconPlus size={16} />}
      {...lockedControlProps(lock)}
    >
      {t('gurus.list.create')}
    </LinkButton>
  );
}

/** /guru-list: the gurus the user builds, with their training status and the plan's limit. */
export default function GuruListPage() {
  const gurus = useGurus();
  const t = useT();
  useTrainingEvents();
  // Read again when a guru's status changes (training finishing ticks the guru step).
  const checklist = useGettingStarted(gurus.data?.gurus.map((guru) => guru.status).join() ?? '');
  const noCourse = checklist?.data?.steps[0]?.done === false;
  const limit = gurus.data?.limit;
  const atLimit = Boolean(limit && limit.limit !== null && limit.count >= limit.limit);
  const moduleLock = usePlanLock('gurus', 'create');
  const limitLock = usePlanLimitLock(atLimit, t('gurus.list.planAllows', { count: limit?.limit ?? 0 }));
  const lock = moduleLock.locked ? moduleLock : limitLock;
  const courseLock = usePlanLock('courses', 'create');
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={1} size="h2">
              {t('gurus.list.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {limit && limit.limit !== null
                ? t('gurus.list.introWithLimit', { used: limit.count, count: limit.limit })
                : t('gurus.list.intro')}
            </Text>
          </div>
          <CreateButton lock={lock} />
        </Group>
        {limit?.overLimit && (
          <Alert color="red" title={t('guru.deleteExtraGurus')} data-testid="guru-over-limit">
            {t('gurus.list.overLimit', {
              count: limit.limit ?? 0,
              have: limit.count,
              extra: limit.count - (limit.limit ?? 0),
            })}
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
            title: t('gurus.list.emptyTitle'),
            text: noCourse ? t('gurus.list.emptyNoCourse') : t('gurus.list.emptyText'),
            action: noCourse ? (
              <Stack gap={6} align="center">
                <LinkButton
                  to="/add-course-list?step=course-information"
                  leftSection={<IconPlus size={16} />}
                  {...lockedControlProps(courseLock)}
                >
                  {t('gurus.list.createCourse')}
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
