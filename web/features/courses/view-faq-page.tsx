import { Accordion, Button, Card, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCourseFaqs } from './content-api';
import { CoursePageFrame } from './course-page-frame';

function FaqList({ courseId }: { courseId: string }) {
  const faqs = useCourseFaqs(courseId);
  if (faqs.isPending) return <Loader aria-label="Loading FAQ" />;
  if (faqs.isError) return <Text c="red">{faqs.error.message}</Text>;
  const list = faqs.data.faqs;
  if (list.length === 0) return <Text c="dimmed">No questions yet. Add the ones students ask most.</Text>;
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
  return (
    <CoursePageFrame title="FAQ">
      {(course) => (
        <Card withBorder padding="lg">
          <Group justify="flex-end" mb="sm">
            <Button component={Link} to={`/add-faq?courseId=${course.id}`} variant="light">
              Edit FAQ
            </Button>
          </Group>
          <FaqList courseId={course.id} />
        </Card>
      )}
    </CoursePageFrame>
  );
}
