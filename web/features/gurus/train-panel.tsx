import { Alert, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconBrain, IconMessageChatbot } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { GuruDetail } from '../../../common/contracts/gurus';
import { formatDate, formatDateTime } from '../../../common/time';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { useTrainGuru, useTrainingState } from './api';
import { GuruStatusBadge } from './guru-status-badge';

/**
 * Training: the Train button and live progress. The 'guru-training' socket event updates the cache
 * (use-training-events.ts); while training runs GET /training is polled too, in case the socket is down.
 * A failed training says why and when, and what students are still answered from (decision 054).
 */
export function TrainPanel({ guru }: { guru: GuruDetail }) {
  const train = useTrainGuru(guru.id);
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
      onSuccess: () => toast('info', 'Training started'),
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
                Material changed since the last training.
              </Text>
            )}
            {status === 'ready' && state && (
              <Text size="xs" c="dimmed">
                {countOf(state.chunkCount, 'passage')} from{' '}
                {countOf(state.indexedSources + state.reusedSources, 'source')}
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
                Test
              </Button>
            )}
            <Button
              leftSection={<IconBrain size={16} />}
              onClick={start}
              loading={train.isPending}
              disabled={running}
            >
              {status === 'ready' || status === 'failed' ? 'Train again' : 'Train'}
            </Button>
          </Group>
        </Group>
        {running && (
          <Progress
            value={progress}
            animated
            aria-label="Training progress"
            data-testid="training-progress"
          />
        )}
        {status === 'failed' && error && (
          <Alert
            color="red"
            title={failedAt ? `Training failed on ${formatDateTime(failedAt)}` : 'Training failed'}
            data-testid="training-error"
          >
            <Text size="sm">{error}</Text>
            {trainedAt && (
              <Text size="sm" mt={4} data-testid="training-still-serving">
                Students are still answered from the training of {formatDate(trainedAt)}.
              </Text>
            )}
          </Alert>
        )}
        {status === 'draft' && (
          <Text size="sm" c="dimmed">
            Choose its courses, then train the guru so it can answer from them.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
