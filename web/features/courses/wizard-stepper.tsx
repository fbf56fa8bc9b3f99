import { Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { COURSE_STEPS, type CourseStep } from '../../../common/courses';
import { useT } from './i18n';

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
  const t = useT();
  // One or two words per step (courses.stepShort.*), so the seven fit on one line beside the side navigation.
  const short = (step: CourseStep) => t(`courses.stepShort.${step}`);
  const full = (step: CourseStep) => t(`courses.step.${step}`);
  return (
    <nav aria-label={t('courses.stepper.label')}>
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
            label={phone ? undefined : ` ${short(step)}`}
            // A tick means the step is done, not merely passed: a step left behind unfinished keeps its number.
            icon={done(step) ? <IconCheck size={14} /> : index + 1}
            completedIcon={done(step) ? <IconCheck size={14} /> : index + 1}
            color={done(step) ? 'green' : undefined}
            // What the step shows comes first (a done step shows a tick, not its number; WCAG 2.5.3), then its full name.
            aria-label={
              done(step)
                ? t('courses.stepper.nameDone', { short: short(step), full: full(step) })
                : t('courses.stepper.name', { number: index + 1, short: short(step), full: full(step) })
            }
          />
        ))}
      </Stepper>
      {phone && (
        <Text size="sm" fw={600} mt="xs" data-testid="wizard-current-step">
          {t('courses.stepper.current', {
            number: active + 1,
            total: COURSE_STEPS.length,
            label: full(COURSE_STEPS[active]),
          })}
        </Text>
      )}
    </nav>
  );
}
