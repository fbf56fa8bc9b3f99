import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SnapshotChange } from '../../../common/contracts/approvals';
import { type ApprovalStatus, canTransition } from '../../../common/courses';
import { MSG } from '../../../common/messages';
import { toast } from '../../app/toast';
import { CourseDetails, StatusBadge } from '../courses';
import { useApproval, useReview } from './approval-api';

/** Where a change is, as the course editor's tabs name it. */
const AREA_LABELS: Record<SnapshotChange['area'], string> = {
  info: 'Course information',
  videos: 'Video',
  faqs: 'FAQ',
  materials: 'Study material',
  quizzes: 'Quiz',
};

function Changes({ changes }: { changes: SnapshotChange[] }) {
  if (changes.length === 0) return <Text c="dimmed">No differences from the approved version.</Text>;
  return (
    <List spacing="xs" data-testid="changes">
      {changes.map((change) => (
        <List.Item key={`${change.area}-${change.kind}-${change.label}`}>
          <Group gap={6} wrap="wrap">
            <Badge
              size="xs"
              variant="light"
              color={change.kind === 'removed' ? 'red' : change.kind === 'added' ? 'green' : 'blue'}
            >
              {change.kind}
            </Badge>
            <Text size="sm" fw={600}>
              {change.area === 'info' ? change.label : `${AREA_LABELS[change.area]}: ${change.label}`}
            </Text>
            {change.before !== undefined && (
              <Text size="sm" c="dimmed">
                “{change.before}” → “{change.after}”
              </Text>
            )}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** One course in full, with approve / reject and the comment the teacher will see. */
export default function ViewApprovalPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseId = params.get('courseId');
  const approval = useApproval(courseId);
  const review = useReview();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);

  if (!courseId) return <Alert color="yellow">No course chosen.</Alert>;
  if (approval.isPending) return <Loader aria-label="Loading course" m="xl" />;
  if (approval.isError) return <Alert color="red">{approval.error.message}</Alert>;
  const { course, current, changes } = approval.data;
  const status = course.status as ApprovalStatus;
  const decide = (action: 'approve' | 'reject') => {
    if (action === 'reject' && !comment.trim()) {
      setCommentError(MSG.required);
      return;
    }
    review.mutate(
      { courseId: course.id, action, comment },
      {
        onSuccess: () => {
          toast(
            'success',
            action === 'approve' ? 'Course approved' : 'Course rejected; the teacher has been told why',
          );
          navigate('/approvals');
        },
        onError: (error) => toast('danger', error.message),
      },
    );
  };

  return (
    <Container size="lg">
      <Stack>
        <Anchor component={Link} to="/approvals">
          ← Approvals
        </Anchor>
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {course.title}
            </Title>
            <Group gap="xs">
              <StatusBadge status={course.status} />
              <Text size="sm" c="dimmed">
                by {course.ownerName}
              </Text>
            </Group>
          </Stack>
        </Group>
        {changes && (
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Changes since the approved version
            </Title>
            <Changes changes={changes} />
          </Card>
        )}
        <Card withBorder padding="lg">
          <CourseDetails info={course} />
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="xs">
            Content
          </Title>
          <Text size="sm">
            {current.videos.length} video(s), {current.faqs.length} FAQ, {current.materials.length} study
            material file(s)
          </Text>
        </Card>
        {(canTransition('approve', status) || canTransition('reject', status)) && (
          <Card withBorder padding="lg">
            <Stack>
              <Textarea
                label="Comment for the teacher"
                description="Required when rejecting"
                value={comment}
                error={commentError}
                onChange={(event) => {
                  setComment(event.currentTarget.value);
                  setCommentError(null);
                }}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button
                  color="red"
                  variant="light"
                  onClick={() => decide('reject')}
                  loading={review.isPending}
                >
                  Reject
                </Button>
                <Button color="green" onClick={() => decide('approve')} loading={review.isPending}>
                  Approve
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
