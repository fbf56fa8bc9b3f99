import { Button, Group, Stack, Text } from '@mantine/core';
import type { LtiPlatformView, RosterOutcome } from '../../../common/contracts/lti';
import { formatDate } from '../../../common/time';
import { toast } from '../../app/toast';
import { useLocale, useT } from './i18n';
import { usePullRoster } from './lti-api';

/**
 * The LMS courses a registration was launched from (decision 075), each with "Add its learners as students" when
 * the LMS offered its roster (Names and Role Provisioning). Instructors are never added: they land as teachers on
 * their own first launch.
 */
export function LtiCourses({ platform }: { platform: LtiPlatformView }) {
  const t = useT();
  const locale = useLocale();
  const pull = usePullRoster(platform.id);
  if (platform.contexts.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('integrations.lti.noCourses')}
      </Text>
    );
  }
  const summary = (outcome: RosterOutcome) =>
    [
      t('integrations.lti.rosterAdded', { count: outcome.added }),
      outcome.alreadyHere > 0 && t('integrations.lti.rosterAlready', { count: outcome.alreadyHere }),
      outcome.instructors > 0 && t('integrations.lti.rosterInstructors', { count: outcome.instructors }),
      outcome.inactive > 0 && t('integrations.lti.rosterInactive', { count: outcome.inactive }),
      outcome.refused > 0 && t('integrations.lti.rosterRefused', { count: outcome.refused }),
      outcome.noSeat > 0 && t('integrations.lti.rosterNoSeat', { count: outcome.noSeat }),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Stack gap={6} data-testid="lti-courses">
      <Text size="xs" fw={600}>
        {t('integrations.lti.courses')}
      </Text>
      {platform.contexts.map((context, index) => (
        <Group
          key={context.id}
          justify="space-between"
          gap="xs"
          wrap="wrap"
          data-testid="lti-course"
          // A rule between courses, so on a phone a wrapped button stays with its own course.
          pt={index > 0 ? 6 : 0}
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {context.title}
            </Text>
            <Text size="xs" c="dimmed">
              {!context.rosterAvailable
                ? t('integrations.lti.noRoster')
                : context.rosterPulledAt
                  ? t('integrations.lti.rosterPulled', {
                      date: formatDate(context.rosterPulledAt, { locale }),
                      count: context.rosterAdded ?? 0,
                    })
                  : t('integrations.lti.rosterReady')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            disabled={!context.rosterAvailable}
            loading={pull.isPending && pull.variables === context.id}
            onClick={() =>
              pull.mutate(context.id, {
                onSuccess: (outcome) => toast('success', summary(outcome)),
                onError: (error) => toast('danger', error.message),
              })
            }
            // The name starts with what the button shows, then says which course (WCAG 2.5.3).
            aria-label={t('integrations.lti.pullRosterOf', { course: context.title })}
          >
            {t('integrations.lti.pullRoster')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
