import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { COURSE_STEPS, type CourseStep } from '../../../common/courses';
import { LoadFailed } from '../../components/load-failed';
import { type ItemCommentSlot, ItemReviewComment } from '../approvals';
import { CertificateStep } from '../certificates';
import { QuizStep } from '../quizzes';
import { useCourse } from './api';
import { CourseInfoForm } from './course-info-form';
import { CourseThumbnail } from './course-thumbnail';
import { FaqStep } from './faq-step';
import { useT } from './i18n';
import { MaterialStep } from './material-step';
import { SubmitBar } from './submit-bar';
import { VideosStep } from './videos-step';
import { WizardStepper } from './wizard-stepper';

function isStep(value: string | null): value is CourseStep {
  return (COURSE_STEPS as readonly string[]).includes(value ?? '');
}

/** One step's screen; the steps after the first need the saved course. */
function StepContent({
  step,
  course,
  onSaved,
}: {
  step: CourseStep;
  course?: AuthoredCourse;
  onSaved: (course: AuthoredCourse, next: boolean) => void;
}) {
  const t = useT();
  // While a course is rejected, each item the reviewer commented on shows the comment under it (decision 045).
  const commentFor: ItemCommentSlot | undefined =
    course?.status === 'REJECTED'
      ? (area, itemId) => <ItemReviewComment courseId={course.id} area={area} itemId={itemId} />
      : undefined;
  if (step === 'course-information') {
    return (
      <Stack gap="lg">
        {commentFor?.('info', 'info')}
        <CourseInfoForm key={course?.id ?? 'new'} course={course} onSaved={onSaved} />
        {course && <CourseThumbnail course={course} />}
      </Stack>
    );
  }
  if (course && (step === 'course-videos' || step === 'preview-videos')) {
    return (
      <VideosStep
        courseId={course.id}
        kind={step === 'course-videos' ? 'lesson' : 'preview'}
        commentFor={commentFor}
      />
    );
  }
  if (course && step === 'faq') return <FaqStep courseId={course.id} commentFor={commentFor} />;
  if (course && step === 'study-material')
    return <MaterialStep courseId={course.id} commentFor={commentFor} />;
  if (course && step === 'quiz') return <QuizStep courseId={course.id} commentFor={commentFor} />;
  if (course && step === 'certificate') return <CertificateStep courseId={course.id} />;
  return (
    <Stack align="flex-start">
      <Title order={2} size="h4">
        {t(`courses.step.${step}`)}
      </Title>
      <Text c="dimmed" data-testid="step-not-built">
        {t('courses.wizard.saveFirst')}
      </Text>
    </Stack>
  );
}

/**
 * The course wizard: seven steps (the spec's six and Certificate, decision 079), each saved on its own; the course
 * id in the URL keeps the draft across reloads.
 */
export default function CourseWizardPage() {
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId');
  const stepParam = params.get('step');
  const step: CourseStep = isStep(stepParam) ? stepParam : 'course-information';
  const course = useCourse(courseId);
  const t = useT();

  const go = (next: CourseStep, id = courseId) => {
    const search = new URLSearchParams();
    if (id) search.set('courseId', id);
    search.set('step', next);
    setParams(search, { replace: true });
  };

  if (courseId && course.isPending) return <Loader aria-label={t('courses.wizard.loading')} m="xl" />;
  if (courseId && course.isError) {
    return (
      <LoadFailed
        title={t('courses.wizard.unavailable')}
        message={course.error.message}
        backTo="/course-list?tab=course"
        backLabel={t('courses.wizard.backToCourses')}
      />
    );
  }
  const data = course.data;
  const active = COURSE_STEPS.indexOf(step);
  const next = COURSE_STEPS[active + 1] as CourseStep | undefined;

  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {data ? data.title : t('courses.wizard.newCourse')}
          </Title>
          <Anchor component={Link} to="/course-list?tab=course" style={{ flexShrink: 0 }}>
            {t('courses.wizard.all')}
          </Anchor>
        </Group>
        {data?.status === 'REJECTED' && data.reviewComment && (
          <Alert
            color="red"
            title={t('courses.wizard.reviewTitle')}
            data-testid="review-comment"
            // The reason, then one line per commented item (decision 045): keep the lines.
            style={{ whiteSpace: 'pre-line' }}
          >
            {data.reviewComment}
          </Alert>
        )}
        {data && <SubmitBar course={data} onGo={(target) => go(target)} />}
        <WizardStepper active={active} course={data} onGo={(target) => go(target)} />
        <Card withBorder padding="lg">
          <StepContent
            step={step}
            course={data}
            // The first save names the course in the URL; "Save and continue" then opens the next step.
            onSaved={(saved, advance) =>
              advance ? go('course-videos', saved.id) : !courseId && go('course-information', saved.id)
            }
          />
        </Card>
        {/* The information step moves on with its own "Save and continue"; the others save as they go. */}
        {data && step !== 'course-information' && (
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => go(COURSE_STEPS[active - 1])}
            >
              {t('courses.wizard.back')}
            </Button>
            {next && (
              <Button rightSection={<IconArrowRight size={16} />} onClick={() => go(next)}>
                {t('courses.wizard.continue', { step: t(`courses.step.${next}`) })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  );
}
