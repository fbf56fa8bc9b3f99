import { Card } from '@mantine/core';
import { CoursePageFrame } from './course-page-frame';
import { FaqStep } from './faq-step';
import { useT } from './i18n';

/** /add-faq: the course's questions and answers, editable (the same editor as the wizard's FAQ step). */
export default function AddFaqPage() {
  const t = useT();
  return (
    <CoursePageFrame title={t('courses.faq.title')}>
      {(course) => (
        <Card withBorder padding="lg">
          <FaqStep courseId={course.id} />
        </Card>
      )}
    </CoursePageFrame>
  );
}
