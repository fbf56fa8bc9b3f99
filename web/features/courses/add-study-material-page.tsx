import { Card } from '@mantine/core';
import { CoursePageFrame } from './course-page-frame';
import { useT } from './i18n';
import { MaterialStep } from './material-step';

/** /add-study-material: the course's PDF study material (the same screen as the wizard's step). */
export default function AddStudyMaterialPage() {
  const t = useT();
  return (
    <CoursePageFrame title={t('courses.material.title')}>
      {(course) => (
        <Card withBorder padding="lg">
          <MaterialStep courseId={course.id} />
        </Card>
      )}
    </CoursePageFrame>
  );
}
