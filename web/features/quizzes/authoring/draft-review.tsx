import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DRAFT_LIMITS } from '../../../../common/question-drafts';
import { toast } from '../../../app/toast';
import { videosQuery } from '../../courses';
import { useT } from '../i18n';
import { draftKeys, useDraftList, useDraftRun, useStartDrafting } from './draft-api';
import { DraftCard } from './draft-card';
import { isDrafting, runNotice } from './draft-form';

type Scope = 'lesson' | 'course';

const DEFAULT_COUNT = 10;

/** What to draft from (a lesson or the whole course) and how many, then "Draft". */
function DraftForm({
  courseId,
  drafting,
  onStart,
}: {
  courseId: string;
  drafting: boolean;
  onStart: (input: { videoId: string | null; count: number }) => Promise<void>;
}) {
  const t = useT();
  const videos = useQuery(videosQuery(courseId, 'lesson'));
  const lessons = videos.data?.videos ?? [];
  const [scope, setScope] = useState<Scope>('lesson');
  const [chosen, setChosen] = useState<string | null>(null);
  const [count, setCount] = useState<number | string>(DEFAULT_COUNT);
  const [starting, setStarting] = useState(false);
  const noLessons = videos.isSuccess && lessons.length === 0;
  const fromLesson = scope === 'lesson' && !noLessons;
  const lessonId = chosen ?? lessons[0]?.id ?? null;
  const countValid =
    typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= DRAFT_LIMITS.perRun;
  const ready = !videos.isPending && countValid && (!fromLesson || lessonId !== null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || drafting || typeof count !== 'number') return;
    setStarting(true);
    try {
      await onStart({ videoId: fromLesson ? lessonId : null, count });
    } finally {
      setStarting(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Radio.Group
          label={t('quizzes.drafts.from')}
          value={fromLesson ? 'lesson' : 'course'}
          onChange={(value) => setScope(value as Scope)}
        >
          <Group mt="xs" gap="md">
            <Radio value="lesson" label={t('quizzes.drafts.fromLesson')} disabled={noLessons} />
            <Radio value="course" label={t('quizzes.drafts.fromCourse')} />
          </Group>
        </Radio.Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {fromLesson && (
            <Select
              label={t('quizzes.drafts.lesson')}
              placeholder={
                videos.isPending ? t('quizzes.drafts.loadingLessons') : t('quizzes.drafts.chooseLesson')
              }
              data={lessons.map((video) => ({ value: video.id, label: video.title }))}
              value={lessonId}
              onChange={setChosen}
              allowDeselect={false}
              searchable={lessons.length > 8}
              error={videos.isError ? videos.error.message : undefined}
              style={{ flex: '1 1 16rem', minWidth: 0 }}
            />
          )}
          <NumberInput
            label={t('quizzes.drafts.count')}
            description={t('quizzes.drafts.countHelp', { max: DRAFT_LIMITS.perRun })}
            min={1}
            max={DRAFT_LIMITS.perRun}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={count}
            onChange={setCount}
            error={countValid ? undefined : t('quizzes.drafts.countInvalid', { max: DRAFT_LIMITS.perRun })}
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
        {noLessons && (
          <Text size="sm" c="dimmed">
            {t('quizzes.drafts.noLessons')}
          </Text>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconSparkles size={16} aria-hidden />}
            disabled={!ready || drafting}
            loading={starting}
          >
            {t('quizzes.drafts.draft')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Suggested questions" in the quiz editor (issue 37): drafting from a lesson or the course as a background run with
 * its progress, then every waiting draft to accept, edit, reject, regenerate or ask more like. Nothing enters the
 * quiz without an accept.
 */
export function DraftReview({
  courseId,
  quizId,
  full,
  summoned,
  onHide,
}: {
  courseId: string;
  quizId: string;
  full: boolean;
  /** Changes each time "Draft questions" is pressed: the section is brought into view and focused. */
  summoned: number;
  onHide: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const list = useDraftList(quizId);
  const start = useStartDrafting(quizId);
  const [startedId, setStartedId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const latest = list.data?.run ?? null;
  // The run started here, or one still at work when the page opened (started earlier, or elsewhere).
  const followedId = startedId ?? (latest && isDrafting(latest) ? latest.id : null);
  const followed = useDraftRun(quizId, followedId);
  const run = followed.data ?? latest;
  const drafting = isDrafting(run);
  const drafts = list.data?.drafts ?? [];
  const notice = run && run.id !== dismissed ? runNotice(run) : null;

  useEffect(() => {
    if (summoned === 0) return;
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    heading.current?.focus();
  }, [summoned]);

  // When the followed run ends, the waiting list is read again for what it drafted.
  const ended =
    followed.data && !isDrafting(followed.data) ? `${followed.data.id}:${followed.data.status}` : null;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: draftKeys.list(quizId) });
  }, [ended, queryClient, quizId]);

  const startRun = async (input: { videoId: string | null; count: number }) => {
    try {
      const started = await start.mutateAsync(input);
      setStartedId(started.id);
      setDismissed(null);
    } catch (error) {
      toast('danger', error instanceof Error && error.message ? error.message : t('quizzes.drafts.failed'));
    }
  };

  return (
    // A small padding: on a 390 px phone the cards inside keep their width (cards in cards in the page).
    <Card withBorder padding="sm" component="section" aria-labelledby={headingId} data-testid="draft-review">
      <Stack>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId} ref={heading} tabIndex={-1}>
            {t('quizzes.drafts.title')}
          </Title>
          <Button size="xs" variant="subtle" onClick={onHide}>
            {t('quizzes.drafts.hide')}
          </Button>
        </Group>
        {drafts.length === 0 && !drafting && (
          <Text size="sm" c="dimmed" data-testid="drafts-empty">
            {t('quizzes.drafts.intro')}
          </Text>
        )}
        <DraftForm courseId={courseId} drafting={drafting || start.isPending} onStart={startRun} />
        {drafting && run && (
          <Stack gap={4} data-testid="draft-progress">
            <Group justify="space-between" gap="xs">
              <Text size="sm" role="status">
                {t('quizzes.drafts.drafting')}
              </Text>
              <Text size="sm" c="dimmed" aria-hidden>
                {t('quizzes.drafts.percent', { percent: run.progress })}
              </Text>
            </Group>
            <Progress value={run.progress} animated aria-label={t('quizzes.drafts.progress')} />
          </Stack>
        )}
        {followed.isError && (
          <Alert color="red" variant="light" role="alert">
            {followed.error.message}
          </Alert>
        )}
        {notice && (
          <Alert
            color={notice.kind === 'failed' ? 'red' : 'yellow'}
            variant="light"
            title={notice.kind === 'failed' ? t('quizzes.drafts.failedTitle') : t('quizzes.drafts.noneTitle')}
            withCloseButton
            closeButtonLabel={t('quizzes.common.close')}
            onClose={() => setDismissed(run?.id ?? null)}
            data-testid="draft-run-notice"
          >
            {notice.message ??
              (notice.kind === 'failed' ? t('quizzes.drafts.failed') : t('quizzes.drafts.none'))}
          </Alert>
        )}
        {startedId && run?.id === startedId && run.status === 'done' && run.made > 0 && (
          <Text size="sm" c="dimmed" role="status">
            {t('quizzes.drafts.made', { count: run.made })}
          </Text>
        )}
        {list.isPending && <Loader size="sm" role="status" aria-label={t('quizzes.drafts.loading')} />}
        {list.isError && (
          <Alert color="red" variant="light" role="alert">
            {list.error.message}
          </Alert>
        )}
        {drafts.length > 0 && (
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              {t('quizzes.drafts.waiting', { count: drafts.length })}
            </Text>
            {drafts.map((draft) => (
              <DraftCard key={draft.id} draft={draft} courseId={courseId} quizId={quizId} full={full} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
