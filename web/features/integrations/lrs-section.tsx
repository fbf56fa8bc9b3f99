import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { XapiTestAnswer } from '../../../common/contracts/xapi';
import {
  type XapiSettingsInput,
  type XapiSettingsView,
  xapiSettingsSchema,
} from '../../../common/contracts/xapi';
import { serverFieldErrors, zodValidate } from '../../app/forms';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useT } from './i18n';
import {
  useRemoveXapiSettings,
  useSaveXapiSettings,
  useSendTestStatement,
  useXapiSettings,
} from './xapi-api';

/** The LRS's answer to "Send a test statement", in words. */
function TestAnswer({ answer }: { answer: XapiTestAnswer }) {
  const t = useT();
  return answer.ok ? (
    <Alert color="green" data-testid="xapi-test-answer">
      {t('integrations.xapi.testOk')}
    </Alert>
  ) : (
    <Alert color="red" data-testid="xapi-test-answer" title={t('integrations.xapi.testFailed')}>
      {answer.reason && (
        <Text size="sm">
          {t(`integrations.xapi.reason.${answer.reason}`, { status: answer.status ?? '' })}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {answer.detail}
      </Text>
    </Alert>
  );
}

function LrsForm({ view }: { view: XapiSettingsView }) {
  const t = useT();
  const saved = view.lrs;
  const save = useSaveXapiSettings();
  const remove = useRemoveXapiSettings();
  const test = useSendTestStatement();
  const empty = { endpoint: '', username: '', password: '', enabled: true };
  const form = useForm<XapiSettingsInput>({
    mode: 'controlled',
    initialValues: saved
      ? { endpoint: saved.endpoint, username: saved.username, password: '', enabled: saved.enabled }
      : empty,
    validate: zodValidate(xapiSettingsSchema),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.setFieldValue('password', '');
        test.reset();
        toast('success', t('integrations.xapi.saved'));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        toast('danger', error.message);
      },
    }),
  );
  const confirmRemove = () =>
    confirmDestructive({
      title: t('integrations.xapi.removeTitle'),
      message: t('integrations.xapi.removeMessage'),
      confirmLabel: t('integrations.sso.remove'),
      cancelLabel: t('integrations.cancel'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            form.setValues(empty);
            test.reset();
            toast('success', t('integrations.xapi.removed'));
          },
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('integrations.xapi.endpoint')}
          description={t('integrations.xapi.endpointHint')}
          placeholder={t('integrations.xapi.endpointExample')}
          withAsterisk
          {...form.getInputProps('endpoint')}
        />
        <TextInput
          label={t('integrations.xapi.username')}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('integrations.xapi.password')}
          description={saved?.passwordSaved ? t('integrations.sso.secretKept') : undefined}
          withAsterisk={!saved}
          autoComplete="off"
          {...form.getInputProps('password')}
        />
        <Switch
          label={t('integrations.xapi.enabled')}
          description={t('integrations.xapi.enabledHint')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        {saved && (
          <Text size="sm" c="dimmed" data-testid="xapi-outbox">
            {t('integrations.xapi.outbox', { waiting: view.waiting, parked: view.parked })}
          </Text>
        )}
        {saved && view.lastError && (
          <Alert color="yellow" title={t('integrations.xapi.lastError')}>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {view.lastError}
            </Text>
          </Alert>
        )}
        {test.data && <TestAnswer answer={test.data} />}
        <Group justify="flex-end" gap="xs">
          {saved && (
            <>
              <Button variant="light" color="red" onClick={confirmRemove} loading={remove.isPending}>
                {t('integrations.sso.remove')}
              </Button>
              <Button
                variant="light"
                loading={test.isPending}
                onClick={() => test.mutate(undefined, { onError: (error) => toast('danger', error.message) })}
              >
                {t('integrations.xapi.test')}
              </Button>
            </>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('integrations.sso.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "xAPI / Learning Record Store" (the admin, decision 078): where lessons watched and completed, quiz answers and
 * marks, and guru questions go as xAPI statements. The password is never shown again once saved.
 */
export function LrsSection() {
  const t = useT();
  const session = useSession();
  const shown = session?.userType === 'admin';
  const settings = useXapiSettings(shown);
  if (!shown) return null;
  const on = Boolean(settings.data?.lrs?.enabled);
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="xapi-heading"
      data-testid="xapi-section"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="xapi-heading">
              {t('integrations.xapi.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('integrations.xapi.lead')}
            </Text>
          </div>
          <Badge color={on ? 'green' : 'gray'} variant="light">
            {on ? t('integrations.sso.on') : t('integrations.sso.off')}
          </Badge>
        </Group>
        {settings.isPending && <Text size="sm">{t('integrations.loading')}</Text>}
        {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
        {settings.data && <LrsForm key={settings.data.lrs?.updatedAt ?? 'none'} view={settings.data} />}
      </Stack>
    </Card>
  );
}
