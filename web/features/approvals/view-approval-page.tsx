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
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ApprovalDetail, ReviewArea, SnapshotChange } from '../../../common/contracts/approvals';
import { type ApprovalStatus, canTransition } from '../../../common/courses';
import { MSG } from '../../../common/messages';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { CourseDetails, StatusBadge } from '../courses';
import { useApproval, useReview } from './approval-api';
import {
  type CommentDrafts,
  draftKey,
  ItemCard,
  ItemCommentField,
  ItemSection,
  MarkBadge,
  MaterialLinks,
  QuizItem,
  VideoItem,
} from './review-items';

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

const videoLabel = (kind: 'Lesson' | 'Preview video', title: string) => `${kind} “${title}”`;

/** Everything students would get, section by section, each item with its mark and a comment field. */
function Items({ items, drafts }: { items: ApprovalDetail['items']; drafts: CommentDrafts }) {
  return (
    <Stack gap="lg">
      <ItemSection title="Lesson videos" count={items.lessons.length} empty="No lesson videos.">
        {items.lessons.map((video) => (
          <VideoItem key={video.id} video={video} label={videoLabel('Lesson', video.title)}>
            <ItemCommentField
              area="lesson"
              itemId={video.id}
              label={videoLabel('Lesson', video.title)}
              drafts={drafts}
            />
          </VideoItem>
        ))}
      </ItemSection>
      <ItemSection title="Quizzes" count={items.quizzes.length} empty="No quizzes.">
        {items.quizzes.map((quiz) => (
          <QuizItem key={quiz.id} quiz={quiz}>
            <ItemCommentField area="quiz" itemId={quiz.id} label={`Quiz “${quiz.title}”`} drafts={drafts} />
          </QuizItem>
        ))}
      </ItemSection>
      <ItemSection title="FAQ" count={items.faqs.length} empty="No FAQ.">
        {items.faqs.map((faq) => (
          <ItemCard key={faq.id} heading={faq.question} mark={faq.mark} before={faq.before}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {faq.answer}
            </Text>
            <ItemCommentField area="faq" itemId={faq.id} label={`FAQ “${faq.question}”`} drafts={drafts} />
          </ItemCard>
        ))}
      </ItemSection>
      <ItemSection title="Study material" count={items.materials.length} empty="No study material.">
        {items.materials.map((material) => (
          <ItemCard key={material.id} heading={material.title} mark={material.mark} before={material.before}>
            <MaterialLinks url={material.url} title={material.title} />
            <ItemCommentField
              area="material"
              itemId={material.id}
              label={`Study material “${material.title}”`}
              drafts={drafts}
            />
          </ItemCard>
        ))}
      </ItemSection>
      <ItemSection title="Preview videos" count={items.previews.length} empty="No preview videos.">
        {items.previews.map((video) => (
          <VideoItem key={video.id} video={video} label={videoLabel('Preview video', video.title)}>
            <ItemCommentField
              area="preview"
              itemId={video.id}
              label={videoLabel('Preview video', video.title)}
              drafts={drafts}
            />
          </VideoItem>
        ))}
      </ItemSection>
    </Stack>
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
  const [itemDrafts, setItemDrafts] = useState<Record<string, string>>({});
  const asked = approval.data?.itemComments;
  const drafts = useMemo<CommentDrafts>(
    () => ({
      get: (area, itemId) => itemDrafts[draftKey(area, itemId)] ?? '',
      set: (area, itemId, text) => setItemDrafts((all) => ({ ...all, [draftKey(area, itemId)]: text })),
      asked: new Map((asked ?? []).map((item) => [draftKey(item.area, item.itemId), item])),
    }),
    [itemDrafts, asked],
  );

  if (!courseId) return <Alert color="yellow">No course chosen.</Alert>;
  if (approval.isPending) return <Loader aria-label="Loading course" m="xl" />;
  if (approval.isError) return <Alert color="red">{approval.error.message}</Alert>;
  const { course, changes, infoMark, items } = approval.data;
  const status = course.status as ApprovalStatus;
  const itemComments = Object.entries(itemDrafts)
    .map(([key, text]) => {
      const [area, itemId] = key.split(/:(.*)/s) as [ReviewArea, string];
      return { area, itemId, comment: text.trim() };
    })
    .filter((item) => item.comment);
  const decide = (action: 'approve' | 'reject') => {
    if (action === 'reject' && !comment.trim()) {
      setCommentError(MSG.required);
      return;
    }
    review.mutate(
      { courseId: course.id, action, comment, items: itemComments },
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
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={2} size="h4">
                Course information
              </Title>
              <MarkBadge mark={infoMark} />
            </Group>
            <CourseDetails info={course} />
            <ItemCommentField area="info" itemId="info" label="Course information" drafts={drafts} />
          </Stack>
        </Card>
        <Items items={items} drafts={drafts} />
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
              <Text size="sm" c="dimmed" data-testid="item-comment-count">
                {itemComments.length === 0
                  ? 'You can also comment on single items above; those comments go with a rejection.'
                  : `${countOf(itemComments.length, 'item comment')} will be sent with a rejection.`}
              </Text>
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
