import { Accordion, Button, Card, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCourseFaqs } from './content-api';
import { CoursePageFrame } from './course-page-frame';
import { useT } from './i18n';

function FaqList({ courseId }: { courseId: string }) {
  const faqs = useCourseFaqs(courseId);
  const t = useT();
  if (faqs.isPending) return <Loader aria-label={t('courses.faq.loading')} />;
  if (faqs.isError) return <Text c="red">{faqs.error.message}</Text>;
  const list = faqs.data.faqs;
  if (list.length === 0) return <Text c="dimmed">{t('courses.faq.viewEmpty')}</Text>;
  return (
    <Accordion variant="separated" data-testid="faq-list">
      {list.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel style={{ whiteSpace: 'pre-wrap' }}>{faq.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** /view-faq: the course's questions and answers as students will read them. */
export default function ViewFaqPage() {
  const t = useT();
  return (
    <CoursePageFrame title={t('courses.faq.title')}>
      {(course) => (
        <Card withBorder padding="lg">
          <Group justify="flex-end" mb="sm">
            <Button component={Link} to={`/add-faq?courseId=${course.id}`} variant="light">
              {t('courses.faq.edit')}
            </Button>
          </Group>
          <FaqList courseId={course.id} />
        </Card>
      )}
    </CoursePageFrame>
  );
}
