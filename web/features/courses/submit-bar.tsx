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
import { StatusBadge } from './status-badge';

/**
 * The course's status and, while it may be sent for approval, either the Submit button (the course meets
 * the rules the server checks: submissionProblems) or the list of what is still missing, each with a link
 * to the step that fixes it.
 */
export function SubmitBar({ course, onGo }: { course: AuthoredCourse; onGo: (step: CourseStep) => void }) {
  const submit = useSubmitCourse();
  const submittable = canTransition('submit', course.status as ApprovalStatus);
  // Until the course has been read with its facts, nothing is offered (rather than a button that may fail).
  const problems = course.submission ? submissionProblems(course.submission) : null;
  const ask = () =>
    modals.openConfirmModal({
      title: 'Submit for approval?',
      children: (
        <Text size="sm">
          An admin reviews the course before students can see it. You can keep editing meanwhile.
        </Text>
      ),
      labels: { confirm: 'Submit', cancel: 'Cancel' },
      onConfirm: () =>
        submit.mutate(course.id, {
          onSuccess: () => toast('success', 'Course submitted for approval'),
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
              Students still see the approved version.
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
            Submit for approval
          </Button>
        )}
      </Group>
      {submittable && problems && problems.length > 0 && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconListCheck size={18} />}
          title="Before you can submit for approval"
          data-testid="submission-checklist"
        >
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem.rule}>
                <Anchor component="button" type="button" size="sm" onClick={() => onGo(problem.step)}>
                  {problem.todo}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
