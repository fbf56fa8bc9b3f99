import { Alert, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconBrain, IconMessageChatbot } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { GuruDetail } from '../../../common/contracts/gurus';
import { formatDate, formatDateTime } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { useTrainGuru, useTrainingState } from './api';
import { GuruStatusBadge } from './guru-status-badge';
import { useT } from './i18n';

/**
 * Training: the Train button and live progress. The 'guru-training' socket event updates the cache
 * (use-training-events.ts); while training runs GET /training is polled too, in case the socket is down.
 * A failed training says why and when, and what students are still answered from (decision 054).
 */
export function TrainPanel({ guru }: { guru: GuruDetail }) {
  const train = useTrainGuru(guru.id);
  const t = useT();
  const locale = useLocale();
  const training = useTrainingState(guru.id, guru.status === 'training');
  const state = training.data;
  const status = state?.status ?? guru.status;
  const progress = state?.progress ?? guru.trainingProgress;
  const error = state?.error ?? guru.trainingError;
  const failedAt = state?.failedAt ?? guru.trainingFailedAt;
  const trainedAt = state?.trainedAt ?? guru.trainedAt;
  const running = status === 'training';
  // A guru whose last training failed still answers from the one before, if there was one.
  const answering = status === 'ready' || (status === 'failed' && trainedAt !== null);
  const start = () =>
    train.mutate(undefined, {
      onSuccess: () => toast('info', t('gurus.train.started')),
      onError: (failure) => toast('danger', failure.message),
    });
  return (
    <Card withBorder padding="md" data-testid="train-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <GuruStatusBadge status={status} progress={progress} />
            {guru.needsTraining && status === 'ready' && (
              <Text size="sm" c="orange">
                {t('gurus.train.materialChanged')}
              </Text>
            )}
            {status === 'ready' && state && (
              <Text size="xs" c="dimmed">
                {t('gurus.train.counts', {
                  passages: state.chunkCount,
                  sources: state.indexedSources + state.reusedSources,
                })}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            {answering && (
              <Button
                component={Link}
                to={`/guru?guruId=${guru.id}`}
                variant="default"
                leftSection={<IconMessageChatbot size={16} />}
              >
                {t('gurus.train.test')}
              </Button>
            )}
            <Button
              leftSection={<IconBrain size={16} />}
              onClick={start}
              loading={train.isPending}
              disabled={running}
            >
              {status === 'ready' || status === 'failed' ? t('gurus.train.again') : t('gurus.train.train')}
            </Button>
          </Group>
        </Group>
        {running && (
          <Progress
            value={progress}
            animated
            aria-label={t('gurus.train.progress')}
            data-testid="training-progress"
          />
        )}
        {status === 'failed' && error && (
          <Alert
            color="red"
            title={
              failedAt
                ? t('gurus.train.failedOn', { when: formatDateTime(failedAt, { locale }) })
                : t('gurus.train.failed')
            }
            data-testid="training-error"
          >
            <Text size="sm">{error}</Text>
            {trainedAt && (
              <Text size="sm" mt={4} data-testid="training-still-serving">
                {t('gurus.train.stillServing', { date: formatDate(trainedAt, { locale }) })}
              </Text>
            )}
          </Alert>
        )}
        {status === 'draft' && (
          <Text size="sm" c="dimmed">
            {t('gurus.train.draft')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
