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
import { toast } from '../../app/toast';
import { CourseDetails, StatusBadge } from '../courses';
import { useApproval, useReview } from './approval-api';
import { useT } from './i18n';
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

/** Where a change is, as the course editor's tabs name it: approvals.area.<area>. */
const areaKey = (area: SnapshotChange['area']) => `approvals.area.${area}`;

function Changes({ changes }: { changes: SnapshotChange[] }) {
  const t = useT();
  if (changes.length === 0) return <Text c="dimmed">{t('approvals.change.none')}</Text>;
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
              {t(`approvals.change.${change.kind}`)}
            </Badge>
            <Text size="sm" fw={600}>
              {change.area === 'info'
                ? change.label
                : t('approvals.change.where', { area: t(areaKey(change.area)), label: change.label })}
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

/** Everything students would get, section by section, each item with its mark and a comment field. */
function Items({ items, drafts }: { items: ApprovalDetail['items']; drafts: CommentDrafts }) {
  const t = useT();
  return (
    <Stack gap="lg">
      <ItemSection
        title={t('approvals.section.lessons')}
        count={items.lessons.length}
        empty={t('approvals.section.lessonsEmpty')}
      >
        {items.lessons.map((video) => (
          <VideoItem key={video.id} video={video} label={t('approvals.label.lesson', { title: video.title })}>
            <ItemCommentField
              area="lesson"
              itemId={video.id}
              label={t('approvals.label.lesson', { title: video.title })}
              drafts={drafts}
            />
          </VideoItem>
        ))}
      </ItemSection>
      <ItemSection
        title={t('approvals.section.quizzes')}
        count={items.quizzes.length}
        empty={t('approvals.section.quizzesEmpty')}
      >
        {items.quizzes.map((quiz) => (
          <QuizItem key={quiz.id} quiz={quiz}>
            <ItemCommentField
              area="quiz"
              itemId={quiz.id}
              label={t('approvals.label.quiz', { title: quiz.title })}
              drafts={drafts}
            />
          </QuizItem>
        ))}
      </ItemSection>
      <ItemSection
        title={t('approvals.section.faq')}
        count={items.faqs.length}
        empty={t('approvals.section.faqEmpty')}
      >
        {items.faqs.map((faq) => (
          <ItemCard key={faq.id} heading={faq.question} mark={faq.mark} before={faq.before}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {faq.answer}
            </Text>
            <ItemCommentField
              area="faq"
              itemId={faq.id}
              label={t('approvals.label.faq', { title: faq.question })}
              drafts={drafts}
            />
          </ItemCard>
        ))}
      </ItemSection>
      <ItemSection
        title={t('approvals.section.materials')}
        count={items.materials.length}
        empty={t('approvals.section.materialsEmpty')}
      >
        {items.materials.map((material) => (
          <ItemCard key={material.id} heading={material.title} mark={material.mark} before={material.before}>
            <MaterialLinks url={material.url} title={material.title} />
            <ItemCommentField
              area="material"
              itemId={material.id}
              label={t('approvals.label.material', { title: material.title })}
              drafts={drafts}
            />
          </ItemCard>
        ))}
      </ItemSection>
      <ItemSection
        title={t('approvals.section.previews')}
        count={items.previews.length}
        empty={t('approvals.section.previewsEmpty')}
      >
        {items.previews.map((video) => (
          <VideoItem
            key={video.id}
            video={video}
            label={t('approvals.label.preview', { title: video.title })}
          >
            <ItemCommentField
              area="preview"
              itemId={video.id}
              label={t('approvals.label.preview', { title: video.title })}
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
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseId = params.get('courseId');
  const approval = useApproval(courseId);
  const review = useReview();
  const [comment, setComment] = useState('');
  const [commentMissing, setCommentMissing] = useState(false);
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

  if (!courseId) return <Alert color="yellow">{t('approvals.view.noCourse')}</Alert>;
  if (approval.isPending) return <Loader aria-label={t('approvals.view.loading')} m="xl" />;
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
      setCommentMissing(true);
      return;
    }
    review.mutate(
      { courseId: course.id, action, comment, items: itemComments },
      {
        onSuccess: () => {
          toast(
            'success',
            action === 'approve' ? t('approvals.view.approved') : t('approvals.view.rejected'),
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
          {t('approvals.view.back')}
        </Anchor>
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {course.title}
            </Title>
            <Group gap="xs">
              <StatusBadge status={course.status} />
              <Text size="sm" c="dimmed">
                {t('approvals.view.by', { name: course.ownerName ?? '' })}
              </Text>
            </Group>
          </Stack>
        </Group>
        {changes && (
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('approvals.view.changesTitle')}
            </Title>
            <Changes changes={changes} />
          </Card>
        )}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={2} size="h4">
                {t('approvals.view.infoTitle')}
              </Title>
              <MarkBadge mark={infoMark} />
            </Group>
            <CourseDetails info={course} />
            <ItemCommentField area="info" itemId="info" label={t('approvals.area.info')} drafts={drafts} />
          </Stack>
        </Card>
        <Items items={items} drafts={drafts} />
        {(canTransition('approve', status) || canTransition('reject', status)) && (
          <Card withBorder padding="lg">
            <Stack>
              <Textarea
                label={t('approvals.view.comment')}
                description={t('approvals.view.commentHint')}
                value={comment}
                error={commentMissing ? t('msg.required') : null}
                onChange={(event) => {
                  setComment(event.currentTarget.value);
                  setCommentMissing(false);
                }}
                autosize
                minRows={2}
              />
              <Text size="sm" c="dimmed" data-testid="item-comment-count">
                {itemComments.length === 0
                  ? t('approvals.view.itemCommentsNone')
                  : t('approvals.view.itemComments', { count: itemComments.length })}
              </Text>
              <Group justify="flex-end">
                <Button
                  color="red"
                  variant="light"
                  onClick={() => decide('reject')}
                  loading={review.isPending}
                >
                  {t('approvals.view.reject')}
                </Button>
                <Button color="green" onClick={() => decide('approve')} loading={review.isPending}>
                  {t('approvals.view.approve')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
