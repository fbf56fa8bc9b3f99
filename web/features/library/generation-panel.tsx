import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerStop, IconWand } from '@tabler/icons-react';
import type { LibraryDetail } from '../../../common/contracts/library';
import { estimateLibrary } from '../../../common/library';
import { formatDateTime, formatSpan } from '../../../common/time';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { HlsPlayer } from '../../components/hls-player';
import { useCancelGeneration, useGenerateLibrary } from './api';
import type { DraftSegment } from './draft';

interface Props {
  detail: LibraryDetail;
  segments: DraftSegment[];
  /** Saves the edits that wait, so the server generates what the wizard shows. */
  flush: () => Promise<void>;
  /** Told when Generate is pressed, before anything is saved or asked. */
  onAttempt?: () => void;
}

/** Before: what generating will cost. During: progress and Cancel. After: the video, or why it failed. */
export function GenerationPanel({ detail, segments, flush, onAttempt }: Props) {
  const generate = useGenerateLibrary(detail.id);
  const cancel = useCancelGeneration(detail.id);
  const total = estimateLibrary(segments.map((segment) => segment.description));
  const generating = detail.status === 'generating';
  const rendered = detail.segments.filter((segment) => segment.status === 'ready').length;
  const overLimit = detail.slideLimit !== null && segments.length > detail.slideLimit;

  const start = async () => {
    onAttempt?.();
    try {
      await flush();
    } catch (error) {
      toast(
        'danger',
        `Your changes are not saved: ${error instanceof Error ? error.message : 'please retry'}`,
      );
      return;
    }
    await generate.generate();
  };

  const confirmCancel = () =>
    confirmDestructive({
      title: 'Cancel generation?',
      message:
        'The segment being rendered finishes, then generation stops. Segments already rendered are kept for the next time.',
      confirmLabel: 'Cancel generation',
      cancelLabel: 'Keep generating',
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => toast('info', 'Generation cancelled'),
          onError: (error) => toast('danger', error.message),
        }),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="generation-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="generation-heading">
          Video
        </Title>
        <Text size="sm" data-testid="generation-summary">
          {countOf(segments.length, 'segment')} · about {formatSpan(total.seconds)} ·{' '}
          {countOf(total.credits, 'credit')}
        </Text>
        {!generating && (
          <Text size="sm" c="dimmed" data-testid="segments-to-render">
            {detail.changedSegments === 0
              ? 'The video is up to date.'
              : `${countOf(detail.changedSegments, 'segment')} will be rendered; the others are reused.`}
          </Text>
        )}
        {overLimit && (
          <Alert color="red" variant="light" p="xs">
            Slide limit exceeded: your plan allows {countOf(detail.slideLimit ?? 0, 'slide')}. Delete{' '}
            {segments.length - (detail.slideLimit ?? 0)} to generate.
          </Alert>
        )}

        {generating && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {detail.stage === 'saving'
                ? 'Saving the video…'
                : `Rendering segments: ${rendered} of ${detail.segments.length} done`}
            </Text>
            <Progress value={detail.progress} animated aria-label="Generation progress" />
            <Text size="xs" c="dimmed">
              {detail.progress}% · you can leave this page; generation continues.
            </Text>
          </Stack>
        )}
        {detail.status === 'failed' && (
          <Alert color="red" title="Generation failed" data-testid="generation-error">
            {detail.error ?? 'Something went wrong.'} Fix it and generate again to retry; rendered segments
            are kept.
          </Alert>
        )}
        {detail.status === 'cancelled' && (
          <Alert color="yellow" variant="light">
            Generation was cancelled. Generate again to continue.
          </Alert>
        )}

        <Group gap="xs">
          {generating ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} />}
              onClick={confirmCancel}
              loading={cancel.isPending}
            >
              Cancel generation
            </Button>
          ) : (
            <Button
              leftSection={<IconWand size={16} />}
              onClick={() => void start()}
              loading={generate.isPending}
              disabled={overLimit}
            >
              Generate video
            </Button>
          )}
        </Group>

        {detail.status === 'ready' && detail.playlistUrl && (
          <Stack gap="xs" data-testid="library-video">
            <HlsPlayer
              src={detail.playlistUrl}
              poster={detail.posterUrl}
              title={detail.title}
              captionsUrl={detail.captionsUrl}
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {detail.durationSeconds !== null && formatSpan(detail.durationSeconds)}
                {detail.generatedAt && ` · generated ${formatDateTime(detail.generatedAt)}`}
              </Text>
              {detail.videoUrl && (
                <Anchor href={detail.videoUrl} download={`${detail.title}.mp4`} size="sm">
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    Download video
                  </Group>
                </Anchor>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
