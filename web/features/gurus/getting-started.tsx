import { Anchor, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { can } from '../../../common/capabilities';
import type { ChecklistStep, GettingStarted } from '../../../common/getting-started';
import { isUserType } from '../../../common/roles';
import { api } from '../../app/api';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { LinkButton } from '../../components/link-button';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useT } from './i18n';

const checklistKey = ['getting-started'] as const;

/**
 * The checklist's facts for teachers and institutes (null for other roles, who have none). `version` changes
 * when something the steps read may have changed on this page (a guru finishing its training), to read again.
 */
export function useGettingStarted(version = '') {
  const session = useSession();
  const role = session?.userType;
  const enabled = isUserType(role) && can(role, 'teach');
  const query = useQuery({
    queryKey: checklistKey,
    queryFn: () => api<GettingStarted>('/getting-started'),
    enabled,
  });
  const { refetch } = query;
  useEffect(() => {
    if (enabled && version) void refetch();
  }, [enabled, version, refetch]);
  return enabled ? query : null;
}

function StepMark({ step, index }: { step: ChecklistStep; index: number }) {
  if (step.done) {
    return (
      <ThemeIcon color="teal" radius="xl" size={28} aria-hidden>
        <IconCheck size={16} />
      </ThemeIcon>
    );
  }
  if (step.waiting) {
    return (
      <ThemeIcon color="yellow" variant="light" radius="xl" size={28} aria-hidden>
        <IconClockHour4 size={16} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon color="gray" variant="light" radius="xl" size={28} aria-hidden>
      <Text size="sm" fw={700}>
        {index + 1}
      </Text>
    </ThemeIcon>
  );
}

/**
 * A step's link: the next step's as a button, the others' as links; one that adds what the plan does not let the
 * person add (a course, a guru) is a disabled button described by the plan's note.
 */
function StepLink({ step, href, next }: { step: ChecklistStep; href: string; next: boolean }) {
  const lock = usePlanLock(step.adds ?? 'courses', 'create', step.adds !== null);
  if (lock.locked) {
    return (
      <Stack gap={4} mt={4} align="flex-start">
        <LinkButton to={href} size="xs" variant={next ? 'filled' : 'default'} {...lockedControlProps(lock)}>
          {step.action}
        </LinkButton>
        <PlanLockNote lock={lock} />
      </Stack>
    );
  }
  return next ? (
    <LinkButton to={href} size="xs" mt={4} style={{ alignSelf: 'flex-start' }}>
      {step.action}
    </LinkButton>
  ) : (
    <Anchor component={Link} to={href} size="sm" style={{ alignSelf: 'flex-start' }}>
      {step.action}
    </Anchor>
  );
}

/**
 * "Get started" on the home of teachers and institutes (decision 061): course → narrated lesson → guru →
 * publish → share, each ticked by the server from what exists and linking where it is done; the next step to do
 * has the button. Once every step is done it can be hidden for good.
 */
export function GettingStartedChecklist({ data }: { data: GettingStarted }) {
  const queryClient = useQueryClient();
  const t = useT();
  const hide = useMutation({
    mutationFn: () => api<void>('/getting-started/dismiss', { method: 'POST' }),
    onSuccess: () => queryClient.setQueryData(checklistKey, { ...data, dismissed: true }),
    onError: (error) => toast('danger', error.message),
  });
  if (data.dismissed) return null;
  const done = data.steps.filter((step) => step.done).length;
  const next = data.steps.find((step) => !step.done && !step.waiting && step.href);
  return (
    <Card
      component="section"
      withBorder
      padding="lg"
      data-testid="getting-started"
      aria-labelledby="getting-started-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h4" id="getting-started-title">
              {data.complete ? t('gurus.checklist.allSet') : t('gurus.checklist.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {data.complete ? t('gurus.checklist.doneText') : t('gurus.checklist.intro')}
            </Text>
          </div>
          {data.complete && (
            <Button variant="default" size="xs" onClick={() => hide.mutate()} loading={hide.isPending}>
              {t('gurus.checklist.hide')}
            </Button>
          )}
        </Group>
        <Progress
          value={(done / data.steps.length) * 100}
          color="teal"
          aria-label={t('gurus.checklist.progress', { done, total: data.steps.length })}
        />
        <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.steps.map((step, index) => (
            <Group
              key={step.key}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              data-testid={`checklist-${step.key}`}
              data-done={step.done ? 'true' : 'false'}
            >
              <StepMark step={step} index={index} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>
                  {step.title}
                  <Text span size="sm" fw={400} c="dimmed">
                    {step.done
                      ? ` · ${t('gurus.checklist.done')}`
                      : step.waiting
                        ? ` · ${t('gurus.checklist.waiting')}`
                        : ''}
                  </Text>
                </Text>
                {!step.done && (
                  <Text size="sm" c="dimmed">
                    {step.hint}
                  </Text>
                )}
                {step.done || !step.href ? null : (
                  <StepLink step={step} href={step.href} next={step === next} />
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
