import { Card, Switch, Text } from '@mantine/core';
import { toast } from '../../app/toast';
import { useDigest, useSaveDigest } from './api';
import { useT } from './i18n';

/** The weekly e-mail of these figures: one choice per person, for all their courses. */
export function DigestSwitch() {
  const t = useT();
  const digest = useDigest();
  const save = useSaveDigest();
  return (
    <Card withBorder padding="md" data-testid="digest">
      <Switch
        label={t('insights.digest.label')}
        description={t('insights.digest.description')}
        checked={digest.data?.weeklyDigest ?? false}
        disabled={!digest.data}
        onChange={(event) =>
          save.mutate(
            { weeklyDigest: event.currentTarget.checked },
            {
              onSuccess: (saved) =>
                toast('success', t(saved.weeklyDigest ? 'insights.digest.on' : 'insights.digest.off')),
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
