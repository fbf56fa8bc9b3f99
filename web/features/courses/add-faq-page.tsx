import { Card } from '@mantine/core';
import { CoursePageFrame } from './course-page-frame';
import { FaqStep } from './faq-step';

/** /add-faq: the course's questions and answers, editable (the same editor as the wizard's FAQ step). */
export default function AddFaqPage() {
  return (
    <CoursePageFrame title="FAQ">
      {(course) => (
        <Card withBorder padding="lg">
          <FaqStep courseId={course.id} />
        </Card>
      )}
    </CoursePageFrame>
  );
}
