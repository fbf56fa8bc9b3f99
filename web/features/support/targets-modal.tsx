import { Alert, Button, Group, Modal, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type SupportSettings,
  supportSettingsSchema,
  TICKET_PRIORITIES,
} from '../../../common/contracts/support';
import { commitValidation, serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveSupportSettings, useSupportSettings } from './api';
import { PriorityBadge } from './badges';
import { useT } from './i18n';
import { priorityLabel } from './labels';

const KINDS = [
  {
    key: 'firstResponseHours',
    labelKey: 'support.sla.firstResponse',
    headerKey: 'support.targets.firstResponseHours',
  },
  {
    key: 'resolutionHours',
    labelKey: 'support.sla.resolution',
    headerKey: 'support.targets.resolutionHours',
  },
] as const;

function TargetsForm({ settings, onDone }: { settings: SupportSettings; onDone: () => void }) {
  const t = useT();
  const save = useSaveSupportSettings();
  const form = useForm<SupportSettings>({
    mode: 'controlled',
    initialValues: settings,
    validate: zodValidate(supportSettingsSchema),
    ...commitValidation(),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => {
            toast('success', t('support.targets.saved'));
            onDone();
          },
          onError: (error) => {
            const fields = serverFieldErrors(error);
            if (Object.keys(fields).length > 0) form.setErrors(fields);
            else toast('danger', error.message);
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('support.targets.intro')}
        </Text>
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('support.field.priority')}</Table.Th>
              {KINDS.map((kind) => (
                <Table.Th key={kind.key}>{t(kind.headerKey)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TICKET_PRIORITIES.map((priority) => (
              <Table.Tr key={priority}>
                <Table.Td>
                  <PriorityBadge priority={priority} />
                </Table.Td>
                {KINDS.map((kind) => (
                  <Table.Td key={kind.key} style={{ verticalAlign: 'top' }}>
                    <NumberInput
                      aria-label={t('support.targets.inputLabel', {
                        kind: t(kind.labelKey),
                        priority: priorityLabel(t, priority),
                      })}
                      min={0.25}
                      max={24 * 60}
                      // Out-of-range values stay as typed and get the schema's message, not a silent change.
                      clampBehavior="none"
                      step={1}
                      decimalScale={2}
                      {...form.getInputProps(`targets.${priority}.${kind.key}`)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('support.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('support.targets.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The first-response and resolution targets per priority (GET/PUT /api/admin/support/settings). */
export function TargetsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const settings = useSupportSettings(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('support.targets.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('support.close') }}
    >
      {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
      {settings.isPending && <Skeleton h={200} />}
      {settings.data && opened && <TargetsForm settings={settings.data} onDone={onClose} />}
    </Modal>
  );
}
