import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconListCheck, IconSend } from '@tabler/icons-react';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import {
  type ApprovalStatus,
  type CourseStep,
  canTransition,
  submissionProblems,
} from '../../../common/courses';
import { toast } from '../../app/toast';
import { useSubmitCourse } from './api';
import { useT } from './i18n';
import { StatusBadge } from './status-badge';

/**
 * The course's status and, while it may be sent for approval, either the Submit button (the course meets
 * the rules the server checks: submissionProblems) or the list of what is still missing, each with a link
 * to the step that fixes it.
 */
export function SubmitBar({ course, onGo }: { course: AuthoredCourse; onGo: (step: CourseStep) => void }) {
  const submit = useSubmitCourse();
  const t = useT();
  const submittable = canTransition('submit', course.status as ApprovalStatus);
  // Until the course has been read with its facts, nothing is offered (rather than a button that may fail).
  const problems = course.submission ? submissionProblems(course.submission) : null;
  const ask = () =>
    modals.openConfirmModal({
      title: t('courses.submit.confirmTitle'),
      children: <Text size="sm">{t('courses.submit.confirmText')}</Text>,
      labels: { confirm: t('courses.submit.confirm'), cancel: t('courses.submit.cancel') },
      onConfirm: () =>
        submit.mutate(course.id, {
          onSuccess: () => toast('success', t('courses.submit.submitted')),
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="xs">
          <StatusBadge status={course.status} />
          {course.hasLiveVersion && course.status !== 'APPROVED' && (
            <Text size="sm" c="dimmed">
              {t('courses.submit.stillLive')}
            </Text>
          )}
        </Group>
        {submittable && problems?.length === 0 && (
          // The next step after an upload or a save: a toast answering those keeps clear of it.
          <Button
            leftSection={<IconSend size={16} />}
            onClick={ask}
            loading={submit.isPending}
            data-keep-clear
          >
            {t('courses.submit.submit')}
          </Button>
        )}
      </Group>
      {submittable && problems && problems.length > 0 && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconListCheck size={18} />}
          title={t('courses.submit.checklist')}
          data-testid="submission-checklist"
        >
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem.rule}>
                <Anchor component="button" type="button" size="sm" onClick={() => onGo(problem.step)}>
                  {t(`courses.submit.todo.${problem.rule}`)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
