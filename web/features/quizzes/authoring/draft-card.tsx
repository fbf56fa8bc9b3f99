import { Badge, Blockquote, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconClock, IconCopyPlus, IconPencil, IconRefresh, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import type { QuestionDraft } from '../../../../common/contracts/question-drafts';
import { DRAFT_LIMITS, type DraftDifficulty } from '../../../../common/question-drafts';
import { toast } from '../../../app/toast';
import { useT } from '../i18n';
import { useDraftActions } from './draft-api';
import { draftMoment, draftValues } from './draft-form';
import { AcceptedAnswers, OptionList } from './question-answers';
import { QuestionEditor } from './question-editor';

const DIFFICULTY_COLORS: Record<DraftDifficulty, string> = { easy: 'teal', medium: 'yellow', hard: 'red' };

const failed = (error: unknown, fallback: string) =>
  toast('danger', error instanceof Error && error.message ? error.message : fallback);

/** The draft's answer: its options with the right ones marked, its true/false answer, or its accepted answers. */
function DraftAnswer({ draft }: { draft: QuestionDraft }) {
  const t = useT();
  if (draft.type === 'single' || draft.type === 'multiple') {
    // An option is its place in the draft: two may read alike.
    return (
      <OptionList
        options={draft.options.map((option, index) => ({ ...option, key: `${index}-${option.text}` }))}
      />
    );
  }
  if (draft.type === 'true_false') {
    return (
      <Text size="sm">
        {t('quizzes.drafts.answer', {
          answer: draft.trueFalseAnswer ? t('quizzes.common.true') : t('quizzes.common.false'),
        })}
      </Text>
    );
  }
  return <AcceptedAnswers answers={draft.acceptedAnswers} />;
}

/** "From the course:" the sentence that justifies the answer, and where it is taught. */
function DraftSource({ draft }: { draft: QuestionDraft }) {
  const t = useT();
  const moment = draftMoment(draft);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('quizzes.drafts.source')}
      </Text>
      <Blockquote color="gray" p="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {draft.sentence}
        </Text>
      </Blockquote>
      {moment && (
        <Group gap={4} wrap="nowrap" data-testid="draft-moment">
          <IconClock size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {moment.kind === 'video'
              ? t('quizzes.drafts.moment', {
                  title: moment.title ?? t('quizzes.drafts.lesson'),
                  time: moment.time,
                })
              : t('quizzes.drafts.page', { page: moment.page })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** Asks for the (optional) reason before a draft is rejected; it is remembered and never offered again. */
function RejectDialog(props: {
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { opened, pending, onClose, onReject } = props;
  const t = useT();
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={t('quizzes.drafts.rejectTitle')}
      closeButtonProps={{ 'aria-label': t('quizzes.common.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onReject(reason);
        }}
      >
        <Stack>
          <Text size="sm">{t('quizzes.drafts.rejectText')}</Text>
          <Textarea
            label={t('quizzes.drafts.reason')}
            description={t('quizzes.drafts.reasonHelp')}
            autosize
            minRows={2}
            maxLength={DRAFT_LIMITS.rejectReasonLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('quizzes.common.cancel')}
            </Button>
            <Button type="submit" color="red.8" loading={pending}>
              {t('quizzes.drafts.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One suggested question with what the teacher can do with it: accept, edit, reject, regenerate, more like it. */
export function DraftCard(props: {
  draft: QuestionDraft;
  courseId: string;
  quizId: string;
  /** The quiz holds all the questions it may: nothing more can be accepted. */
  full: boolean;
}) {
  const { draft, courseId, quizId, full } = props;
  const t = useT();
  const promptId = useId();
  const { accept, reject, regenerate, more } = useDraftActions(courseId, quizId, draft.id);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const busy = accept.isPending || reject.isPending || regenerate.isPending || more.isPending;
  const fallback = t('quizzes.drafts.actionFailed');

  const card = useRef<HTMLElement>(null);
  /**
   * The card leaves the list once reviewed: focus goes to the next card's first button (or the one before, or the
   * section), so a keyboard user goes on from where they were instead of from the top of the page.
   */
  const focusAfterLeaving = () => {
    const section = card.current?.closest('[data-testid="draft-review"]');
    const cards = [...(section?.querySelectorAll<HTMLElement>('[data-testid="draft-card"]') ?? [])];
    const at = card.current ? cards.indexOf(card.current) : -1;
    const next = cards[at + 1] ?? cards[at - 1];
    const heading = section?.querySelector<HTMLElement>('h3');
    requestAnimationFrame(() => (next?.querySelector<HTMLElement>('button') ?? heading)?.focus());
  };

  const acceptAsDrafted = async () => {
    try {
      await accept.mutateAsync(undefined);
      focusAfterLeaving();
      toast('success', t('quizzes.drafts.accepted'));
    } catch (error) {
      failed(error, fallback);
    }
  };
  const rejectWith = async (reason: string) => {
    try {
      await reject.mutateAsync(reason);
      setRejecting(false);
      focusAfterLeaving();
      toast('success', t('quizzes.drafts.rejected'));
    } catch (error) {
      failed(error, fallback);
    }
  };
  const regenerateIt = async () => {
    try {
      await regenerate.mutateAsync();
      toast('success', t('quizzes.drafts.regenerated'));
    } catch (error) {
      failed(error, fallback);
    }
  };
  const moreLikeIt = async () => {
    try {
      const answer = await more.mutateAsync();
      if (answer.drafts.length > 0)
        toast('success', t('quizzes.drafts.moreAdded', { count: answer.drafts.length }));
      else toast('info', t('quizzes.drafts.noMore'));
    } catch (error) {
      failed(error, fallback);
    }
  };

  return (
    <Card
      ref={card}
      withBorder
      padding="sm"
      component="article"
      aria-labelledby={promptId}
      aria-busy={busy}
      data-testid="draft-card"
      data-type={draft.type}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" data-testid="draft-type">
            {t(`quizzes.types.${draft.type}`)}
          </Badge>
          <Badge variant="outline" color={DIFFICULTY_COLORS[draft.difficulty]} data-testid="draft-difficulty">
            {t(`quizzes.drafts.difficulty.${draft.difficulty}`)}
          </Badge>
          {draft.rewritten && (
            <Badge variant="default" tt="none">
              {t('quizzes.drafts.rewritten')}
            </Badge>
          )}
          {draft.heading && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {draft.heading}
            </Text>
          )}
        </Group>
        <Text id={promptId} fw={500} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {draft.prompt}
        </Text>
        <DraftAnswer draft={draft} />
        <DraftSource draft={draft} />
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() => void acceptAsDrafted()}
            loading={accept.isPending && !editing}
            disabled={(busy && !accept.isPending) || full}
          >
            {t('quizzes.drafts.accept')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            disabled={busy || full}
          >
            {t('quizzes.common.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setRejecting(true)}
            disabled={busy}
          >
            {t('quizzes.drafts.reject')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void regenerateIt()}
            loading={regenerate.isPending}
            disabled={busy && !regenerate.isPending}
          >
            {t('quizzes.drafts.regenerate')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCopyPlus size={14} aria-hidden />}
            onClick={() => void moreLikeIt()}
            loading={more.isPending}
            disabled={busy && !more.isPending}
          >
            {t('quizzes.drafts.more')}
          </Button>
        </Group>
      </Stack>
      {editing && (
        <QuestionEditor
          courseId={courseId}
          quizId={quizId}
          opened
          onClose={() => setEditing(false)}
          draft={{
            values: draftValues(draft),
            pending: accept.isPending,
            accept: async (input) => {
              await accept.mutateAsync(input);
              focusAfterLeaving();
              toast('success', t('quizzes.drafts.accepted'));
            },
          }}
        />
      )}
      <RejectDialog
        key={rejecting ? 'open' : 'closed'}
        opened={rejecting}
        pending={reject.isPending}
        onClose={() => setRejecting(false)}
        onReject={(reason) => void rejectWith(reason)}
      />
    </Card>
  );
}
