import { Card, Switch, Text } from '@mantine/core';
import { toast } from '../../app/toast';
import { useDigest, useSaveDigest } from './api';

/** The weekly e-mail of these figures: one choice per person, for all their courses. */
export function DigestSwitch() {
  const digest = useDigest();
  const save = useSaveDigest();
  return (
    <Card withBorder padding="md" data-testid="digest">
      <Switch
        label="E-mail me a weekly summary"
        description="Every Monday: the most-asked moments, the questions the guru could not answer and the quiz questions most got wrong, for each of your courses. No student names."
        checked={digest.data?.weeklyDigest ?? false}
        disabled={!digest.data}
        onChange={(event) =>
          save.mutate(
            { weeklyDigest: event.currentTarget.checked },
            {
              onSuccess: (saved) =>
                toast(
                  'success',
                  saved.weeklyDigest ? 'Weekly summary turned on' : 'Weekly summary turned off',
                ),
              onError: (error) => toast('danger', error.message),
            },
          )
        }
      />
      {digest.isError && (
        <Text size="sm" c="red" mt="xs">
          {digest.error.message}
        </Text>
      )}
    </Card>
  );
}
