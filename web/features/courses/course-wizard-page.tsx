import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { COURSE_STEP_LABELS, COURSE_STEPS, type CourseStep } from '../../../common/courses';
import { toast } from '../../app/toast';
import { LoadFailed } from '../../components/load-failed';
import { QuizStep } from '../quizzes';
import { useCourse, useSubmitCourse } from './api';
import { CourseInfoForm } from './course-info-form';
import { CourseThumbnail } from './course-thumbnail';
import { FaqStep } from './faq-step';
import { MaterialStep } from './material-step';
import { StatusBadge } from './status-badge';
import { VideosStep } from './videos-step';

function isStep(value: string | null): value is CourseStep {
  return (COURSE_STEPS as readonly string[]).includes(value ?? '');
}

function SubmitBar({ course }: { course: AuthoredCourse }) {
  const submit = useSubmitCourse();
  const canSubmit = course.status === 'DRAFT' || course.status === 'REJECTED';
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
    <Group justify="space-between">
      <Group gap="xs">
        <StatusBadge status={course.status} />
        {course.hasLiveVersion && course.status !== 'APPROVED' && (
          <Text size="sm" c="dimmed">
            Students still see the approved version.
          </Text>
        )}
      </Group>
      {canSubmit && (
        <Button
          leftSection={<IconSend size={16} />}
          onClick={ask}
          loading={submit.isPending}
          disabled={!course.steps?.['course-information']}
        >
          Submit for approval
        </Button>
      )}
    </Group>
  );
}

/** One step's screen; the steps after the first need the saved course. */
function StepContent({
  step,
  course,
  onCreated,
}: {
  step: CourseStep;
  course?: AuthoredCourse;
  onCreated: (course: AuthoredCourse) => void;
}) {
  if (step === 'course-information') {
    return (
      <Stack gap="lg">
        <CourseInfoForm key={course?.id ?? 'new'} course={course} onSaved={onCreated} />
        {course && <CourseThumbnail course={course} />}
      </Stack>
    );
  }
  if (course && (step === 'course-videos' || step === 'preview-videos')) {
    return <VideosStep courseId={course.id} kind={step === 'course-videos' ? 'lesson' : 'preview'} />;
  }
  if (course && step === 'faq') return <FaqStep courseId={course.id} />;
  if (course && step === 'study-material') return <MaterialStep courseId={course.id} />;
  if (course && step === 'quiz') return <QuizStep courseId={course.id} />;
  return (
    <Stack align="flex-start">
      <Title order={2} size="h4">
        {COURSE_STEP_LABELS[step]}
      </Title>
      <Text c="dimmed" data-testid="step-not-built">
        Please save the course information first.
      </Text>
    </Stack>
  );
}

/** The course wizard: six steps, each saved on its own; the course id in the URL keeps the draft across reloads. */
export default function CourseWizardPage() {
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId');
  const stepParam = params.get('step');
  const step: CourseStep = isStep(stepParam) ? stepParam : 'course-information';
  const course = useCourse(courseId);

  const go = (next: CourseStep, id = courseId) => {
    const search = new URLSearchParams();
    if (id) search.set('courseId', id);
    search.set('step', next);
    setParams(search, { replace: true });
  };

  if (courseId && course.isPending) return <Loader aria-label="Loading course" m="xl" />;
  if (courseId && course.isError) {
    return (
      <LoadFailed
        title="Course not available"
        message={course.error.message}
        backTo="/course-list?tab=course"
        backLabel="Back to courses"
      />
    );
  }
  const data = course.data;
  const active = COURSE_STEPS.indexOf(step);

  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {data ? data.title : 'New course'}
          </Title>
          <Anchor component={Link} to="/course-list?tab=course">
            All courses
          </Anchor>
        </Group>
        {data?.status === 'REJECTED' && data.reviewComment && (
          <Alert color="red" title="Changes requested by the reviewer" data-testid="review-comment">
            {data.reviewComment}
          </Alert>
        )}
        {data && <SubmitBar course={data} />}
        <Stepper
          active={active}
          onStepClick={(index) => data && go(COURSE_STEPS[index])}
          allowNextStepsSelect={Boolean(data)}
          size="sm"
          wrap
        >
          {COURSE_STEPS.map((key) => (
            <Stepper.Step
              key={key}
              label={COURSE_STEP_LABELS[key]}
              description={data?.steps?.[key] ? 'Complete' : undefined}
              completedIcon={undefined}
              color={data?.steps?.[key] ? 'green' : undefined}
              aria-label={`${COURSE_STEP_LABELS[key]}${data?.steps?.[key] ? ' (complete)' : ''}`}
            />
          ))}
        </Stepper>
        <Card withBorder padding="lg">
          <StepContent
            step={step}
            course={data}
            onCreated={(saved) => !courseId && go('course-information', saved.id)}
          />
        </Card>
        {data && (
          <Group justify="space-between">
            <Button variant="default" disabled={active === 0} onClick={() => go(COURSE_STEPS[active - 1])}>
              Back
            </Button>
            <Button
              variant="light"
              disabled={active === COURSE_STEPS.length - 1}
              onClick={() => go(COURSE_STEPS[active + 1])}
            >
              Next
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
