import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MessageView } from '../../../common/contracts/gurus';
import { correctionSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useCorrection } from './api';

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
  const form = useForm({
    mode: 'controlled',
    initialValues: { answer: message?.correction ?? '' },
    validate: zodValidate(correctionSchema),
    ...commitValidation(),
  });
  return (
    <Modal opened={Boolean(message)} onClose={onClose} title="Mark wrong and correct" size="lg">
      {message && (
        <form
          onSubmit={form.onSubmit((values) =>
            correction.mutate(
              { messageId: message.id, answer: values.answer },
              {
                onSuccess: () => {
                  toast('success', 'Correction saved. The guru will use it in future answers.');
                  onClose();
                },
                onError: (error) => toast('danger', error.message),
              },
            ),
          )}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              The guru answered:
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.text}
            </Text>
            <Textarea
              label="The right answer"
              autosize
              minRows={4}
              maxLength={GURU_LIMITS.answerMax}
              data-autofocus
              {...form.getInputProps('answer')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={correction.isPending}>
                Save correction
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
