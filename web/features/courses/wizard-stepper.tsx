import { Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { COURSE_STEP_LABELS, COURSE_STEPS, type CourseStep } from '../../../common/courses';

/** One or two words per step, so the six fit on one line beside the side navigation. */
const SHORT_LABELS = {
  'course-information': 'Information',
  'course-videos': 'Lessons',
  quiz: 'Quiz',
  faq: 'FAQ',
  'study-material': 'Material',
  'preview-videos': 'Previews',
} satisfies Record<CourseStep, string>;

/**
 * The wizard's steps on one line: short labels under the numbers on wider screens; on a phone the numbers
 * alone, with the current step named below. Each step's accessible name is what it shows, then its full label,
 * plus "(complete)" once done ("3 Quiz: Quiz", "Lessons: Course Videos (complete)"). Steps open only once the course is saved.
 */
export function WizardStepper({
  active,
  course,
  onGo,
}: {
  active: number;
  course?: AuthoredCourse;
  onGo: (step: CourseStep) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const done = (step: CourseStep) => course?.steps?.[step] === true;
  return (
    <nav aria-label="Course steps">
      <Stepper
        active={active}
        onStepClick={(index) => course && onGo(COURSE_STEPS[index])}
        allowNextStepsSelect={Boolean(course)}
        size={phone ? 'xs' : 'sm'}
        labelPosition={phone ? 'right' : 'bottom'}
        wrap={false}
        // Narrow gaps on a phone: six numbers and their lines fit in 390 px.
        styles={phone ? { separator: { marginInline: 4 } } : undefined}
        data-testid="wizard-stepper"
      >
        {COURSE_STEPS.map((step, index) => (
          <Stepper.Step
            key={step}
            // The leading space keeps the number and the label two words ("3 Quiz"), as the name reads them.
            label={phone ? undefined : ` ${SHORT_LABELS[step]}`}
            // A tick means the step is done, not merely passed: a step left behind unfinished keeps its number.
            icon={done(step) ? <IconCheck size={14} /> : index + 1}
            completedIcon={done(step) ? <IconCheck size={14} /> : index + 1}
            color={done(step) ? 'green' : undefined}
            // What the step shows comes first (a done step shows a tick, not its number; WCAG 2.5.3), then its full name.
            aria-label={`${done(step) ? '' : `${index + 1} `}${SHORT_LABELS[step]}: ${COURSE_STEP_LABELS[step]}${done(step) ? ' (complete)' : ''}`}
          />
        ))}
      </Stepper>
      {phone && (
        <Text size="sm" fw={600} mt="xs" data-testid="wizard-current-step">
          Step {active + 1} of {COURSE_STEPS.length}: {COURSE_STEP_LABELS[COURSE_STEPS[active]]}
        </Text>
      )}
    </nav>
  );
}
