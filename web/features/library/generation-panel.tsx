import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerStop, IconWand } from '@tabler/icons-react';
import type { LibraryDetail } from '../../../common/contracts/library';
import { estimateLibrary } from '../../../common/library';
import { formatDateTime, formatSpan } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { HlsPlayer } from '../../components/hls-player';
import { useCancelGeneration, useGenerateLibrary } from './api';
import type { DraftSegment } from './draft';
import { useT } from './i18n';

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
  const t = useT();
  const locale = useLocale();
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
        error instanceof Error
          ? t('library.generation.notSaved', { reason: error.message })
          : t('library.generation.notSavedRetry'),
      );
      return;
    }
    await generate.generate();
  };

  const confirmCancel = () =>
    confirmDestructive({
      title: t('library.generation.cancelTitle'),
      message: t('library.generation.cancelMessage'),
      confirmLabel: t('library.generation.cancel'),
      cancelLabel: t('library.generation.keep'),
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => toast('info', t('library.generation.cancelled')),
          onError: (error) => toast('danger', error.message),
        }),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="generation-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="generation-heading">
          {t('library.generation.title')}
        </Title>
        <Text size="sm" data-testid="generation-summary">
          {t('library.generation.summary', {
            segments: segments.length,
            span: formatSpan(total.seconds, 'second', locale),
            credits: total.credits,
          })}
        </Text>
        {!generating && (
          <Text size="sm" c="dimmed" data-testid="segments-to-render">
            {detail.changedSegments === 0
              ? t('library.generation.upToDate')
              : t('library.generation.toRender', { count: detail.changedSegments })}
          </Text>
        )}
        {overLimit && (
          <Alert color="red" variant="light" p="xs">
            {t('library.generation.overLimit', {
              limit: detail.slideLimit ?? 0,
              extra: segments.length - (detail.slideLimit ?? 0),
            })}
          </Alert>
        )}

        {generating && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {detail.stage === 'saving'
                ? t('library.generation.saving')
                : t('library.generation.rendering', { rendered, total: detail.segments.length })}
            </Text>
            <Progress value={detail.progress} animated aria-label={t('library.generation.progress')} />
            <Text size="xs" c="dimmed">
              {t('library.generation.leave', { progress: detail.progress })}
            </Text>
          </Stack>
        )}
        {detail.status === 'failed' && (
          <Alert color="red" title={t('library.generation.failedTitle')} data-testid="generation-error">
            {t('library.generation.failed', {
              error: detail.error ?? t('library.generation.somethingWrong'),
            })}
          </Alert>
        )}
        {detail.status === 'cancelled' && (
          <Alert color="yellow" variant="light">
            {t('library.generation.wasCancelled')}
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
              {t('library.generation.cancel')}
            </Button>
          ) : (
            <Button
              leftSection={<IconWand size={16} />}
              onClick={() => void start()}
              loading={generate.isPending}
              disabled={overLimit}
            >
              {t('library.generation.generate')}
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
                {detail.durationSeconds !== null && formatSpan(detail.durationSeconds, 'second', locale)}
                {detail.generatedAt &&
                  ` · ${t('library.generation.generated', { date: formatDateTime(detail.generatedAt, { locale }) })}`}
              </Text>
              {detail.videoUrl && (
                <Anchor href={detail.videoUrl} download={`${detail.title}.mp4`} size="sm">
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    {t('library.generation.download')}
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
