import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { COURSE_STEPS } from '../../../common/courses';
import { IssuedCertificates } from '../certificates';
import { useCourse } from './api';
import { CourseDetails } from './course-details';
import { CourseExportMenu } from './course-export';
import { useT } from './i18n';
import { ShareLink } from './share-link';
import { StatusBadge } from './status-badge';

export default function ViewCoursePage() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const course = useCourse(courseId);
  const t = useT();
  if (!courseId)
    return (
      <Alert color="yellow">
        {t('courses.view.noneChosen')}{' '}
        <Anchor component={Link} to="/course-list?tab=course">
          {t('courses.view.backToCourses')}
        </Anchor>
      </Alert>
    );
  if (course.isPending) return <Loader aria-label={t('courses.view.loading')} m="xl" />;
  if (course.isError) return <Alert color="red">{course.error.message}</Alert>;
  const data = course.data;
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {data.title}
            </Title>
            <Group gap="xs">
              <StatusBadge status={data.status} />
              {data.hasLiveVersion && (
                <Text size="sm" c="dimmed">
                  {t('courses.view.live')}
                </Text>
              )}
            </Group>
          </Stack>
          <Button component={Link} to={`/add-course-list?courseId=${data.id}&step=course-information`}>
            {t('courses.view.edit')}
          </Button>
        </Group>
        {data.reviewComment && (
          <Alert
            color={data.status === 'REJECTED' ? 'red' : 'green'}
            title={t('courses.view.reviewerComment')}
            style={{ whiteSpace: 'pre-line' }}
          >
            {data.reviewComment}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <CourseDetails info={data} />
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('courses.view.export')}
          </Title>
          <CourseExportMenu courseId={data.id} />
        </Card>
        {data.hasLiveVersion && (
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('courses.view.certificates')}
            </Title>
            <IssuedCertificates courseId={data.id} />
          </Card>
        )}
        {data.hasLiveVersion && (
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('courses.view.share')}
            </Title>
            <ShareLink courseId={data.id} />
          </Card>
        )}
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('courses.view.steps')}
          </Title>
          <List spacing="xs">
            {COURSE_STEPS.map((step) => (
              <List.Item
                key={step}
                icon={
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    color={data.steps?.[step] ? 'green' : 'gray'}
                    variant="light"
                  >
                    {data.steps?.[step] ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                  </ThemeIcon>
                }
              >
                <Anchor component={Link} to={`/add-course-list?courseId=${data.id}&step=${step}`}>
                  {t(`courses.step.${step}`)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Card>
      </Stack>
    </Container>
  );
}
