import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MessageView } from '../../../common/contracts/gurus';
import { correctionSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useCorrection } from './api';
import { useT } from './i18n';

/** The owner side gives the right answer; the guru learns it as an FAQ entry. */
export function CorrectionModal({
  conversationId,
  message,
  onClose,
}: {
  conversationId: string;
  message: MessageView | null;
  onClose: () => void;
}) {
  const correction = useCorrection(conversationId);
  const t = useT();
  const form = useForm({
    mode: 'controlled',
    initialValues: { answer: message?.correction ?? '' },
    validate: zodValidate(correctionSchema),
    ...commitValidation(),
  });
  return (
    <Modal opened={Boolean(message)} onClose={onClose} title={t('conversations.correction.title')} size="lg">
      {message && (
        <form
          onSubmit={form.onSubmit((values) =>
            correction.mutate(
              { messageId: message.id, answer: values.answer },
              {
                onSuccess: () => {
                  toast('success', t('conversations.correction.saved'));
                  onClose();
                },
                onError: (error) => toast('danger', error.message),
              },
            ),
          )}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              {t('conversations.correction.guruAnswered')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.text}
            </Text>
            <Textarea
              label={t('conversations.correction.rightAnswer')}
              autosize
              minRows={4}
              maxLength={GURU_LIMITS.answerMax}
              data-autofocus
              {...form.getInputProps('answer')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('conversations.correction.cancel')}
              </Button>
              <Button type="submit" loading={correction.isPending}>
                {t('conversations.correction.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
