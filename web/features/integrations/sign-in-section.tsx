import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import {
  type InstituteSsoInput,
  instituteSsoSchema,
  type PlatformSsoInput,
  type PlatformSsoKind,
  platformSsoSchema,
  type SsoProviderView,
} from '../../../common/contracts/sso';
import { serverFieldErrors, zodValidate } from '../../app/forms';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { lockedControlProps, type PlanLock, usePlanLock } from '../../components/plan-lock';
import { useT } from './i18n';
import { useRemoveSso, useSaveInstituteSso, useSavePlatformSso, useSsoSettings } from './sso-api';

/** The address to register at the identity provider, with a copy button. */
function RedirectUri({ value }: { value: string }) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('integrations.sso.redirectUri')}
      </Text>
      <Group gap="xs">
        <Code style={{ wordBreak: 'break-all' }} data-testid="sso-redirect-uri">
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy}>
              {copied ? t('integrations.sso.copied') : t('integrations.sso.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('integrations.sso.redirectHint')}
      </Text>
    </Stack>
  );
}

function useRemoval(
  path: string,
  texts: { title: string; message: string; removed: string },
  onRemoved: () => void,
) {
  const t = useT();
  const remove = useRemoveSso(path);
  const confirm = () =>
    confirmDestructive({
      title: texts.title,
      message: texts.message,
      confirmLabel: t('integrations.sso.remove'),
      cancelLabel: t('integrations.cancel'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            onRemoved();
            toast('success', texts.removed);
          },
          onError: (error) => toast('danger', error.message),
        }),
    });
  return { confirm, pending: remove.isPending };
}

/** A provider's card: its name and state, its fields, Remove (when saved) and Save. */
function ProviderCard({
  testId,
  name,
  saved,
  onSubmit,
  removal,
  saving,
  lock,
  children,
}: {
  testId: string;
  name: string;
  saved: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  removal: { confirm: () => void; pending: boolean };
  saving: boolean;
  lock?: PlanLock;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{name}</Text>
            <Badge color={saved ? 'green' : 'gray'} variant="light">
              {saved ? t('integrations.sso.on') : t('integrations.sso.off')}
            </Badge>
          </Group>
          {children}
          <Group justify="flex-end" gap="xs">
            {saved && (
              <Button variant="light" color="red" onClick={removal.confirm} loading={removal.pending}>
                {t('integrations.sso.remove')}
              </Button>
            )}
            <Button type="submit" loading={saving} {...(lock ? lockedControlProps(lock) : {})}>
              {t('integrations.sso.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Google's or Microsoft's client for everyone (the admin). */
function PlatformCard({ kind, saved }: { kind: PlatformSsoKind; saved: SsoProviderView | undefined }) {
  const t = useT();
  const name = t(`integrations.sso.${kind}`);
  const save = useSavePlatformSso(kind);
  const form = useForm<PlatformSsoInput>({
    mode: 'controlled',
    initialValues: { clientId: saved?.clientId ?? '', clientSecret: '' },
    validate: zodValidate(platformSsoSchema),
  });
  const removal = useRemoval(
    `platform/${kind}`,
    {
      title: t('integrations.sso.removeTitle', { name }),
      message: t('integrations.sso.removeMessage', { name }),
      removed: t('integrations.sso.removed', { name }),
    },
    () => form.setValues({ clientId: '', clientSecret: '' }),
  );
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.setFieldValue('clientSecret', '');
        toast('success', t('integrations.sso.saved', { name }));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        toast('danger', error.message);
      },
    }),
  );
  return (
    <ProviderCard
      testId={`sso-${kind}`}
      name={name}
      saved={Boolean(saved)}
      onSubmit={submit}
      removal={removal}
      saving={save.isPending}
    >
      <TextInput label={t('integrations.sso.clientId')} withAsterisk {...form.getInputProps('clientId')} />
      <PasswordInput
        label={t('integrations.sso.clientSecret')}
        description={saved ? t('integrations.sso.secretKept') : undefined}
        withAsterisk={!saved}
        autoComplete="off"
        {...form.getInputProps('clientSecret')}
      />
      {kind === 'microsoft' && (
        <Text size="xs" c="dimmed">
          {t('integrations.sso.microsoftHint')}
        </Text>
      )}
    </ProviderCard>
  );
}

/** The institute's own OpenID Connect issuer for its e-mail domains. */
function InstituteCard({ saved, lock }: { saved: SsoProviderView | undefined; lock: PlanLock }) {
  const t = useT();
  const save = useSaveInstituteSso();
  const empty = { issuer: '', clientId: '', clientSecret: '', domains: '', requireSso: false };
  const form = useForm<InstituteSsoInput>({
    mode: 'controlled',
    initialValues: saved
      ? {
          issuer: saved.issuer,
          clientId: saved.clientId,
          clientSecret: '',
          domains: saved.domains.join(', '),
          requireSso: saved.requireSso,
        }
      : empty,
    validate: zodValidate(instituteSsoSchema),
  });
  const name = t('integrations.sso.schoolName');
  const removal = useRemoval(
    'institute',
    {
      title: t('integrations.sso.removeSchoolTitle'),
      message: t('integrations.sso.removeSchoolMessage'),
      removed: t('integrations.sso.removedSchool'),
    },
    () => form.setValues(empty),
  );
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (view) => {
        form.setValues({ ...values, clientSecret: '', domains: view.domains.join(', ') });
        toast('success', t('integrations.sso.saved', { name }));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        toast('danger', error.message);
      },
    }),
  );
  return (
    <ProviderCard
      testId="sso-oidc"
      name={name}
      saved={Boolean(saved)}
      onSubmit={submit}
      removal={removal}
      saving={save.isPending}
      lock={lock}
    >
      <TextInput
        label={t('integrations.sso.issuer')}
        description={t('integrations.sso.issuerHint')}
        placeholder={t('integrations.sso.issuerExample')}
        inputMode="url"
        withAsterisk
        {...lockedControlProps(lock)}
        {...form.getInputProps('issuer')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('integrations.sso.clientId')}
          withAsterisk
          {...lockedControlProps(lock)}
          {...form.getInputProps('clientId')}
        />
        <PasswordInput
          label={t('integrations.sso.clientSecret')}
          description={saved ? t('integrations.sso.secretKept') : undefined}
          withAsterisk={!saved}
          autoComplete="off"
          {...lockedControlProps(lock)}
          {...form.getInputProps('clientSecret')}
        />
      </SimpleGrid>
      <TextInput
        label={t('integrations.sso.domains')}
        description={`${t('integrations.sso.domainsHint')} ${t('integrations.sso.domainsOwn')}`}
        placeholder={t('integrations.sso.domainsExample')}
        withAsterisk
        {...lockedControlProps(lock)}
        {...form.getInputProps('domains')}
      />
      <Checkbox
        label={t('integrations.sso.requireSso')}
        description={t('integrations.sso.requireSsoHint')}
        {...lockedControlProps(lock)}
        {...form.getInputProps('requireSso', { type: 'checkbox' })}
      />
    </ProviderCard>
  );
}

/**
 * "Sign-in": single sign-on (decision 073). The admin connects Google and Microsoft for everyone; an institute
 * its own issuer for its e-mail domains. Hidden from other roles, who have nothing to set here.
 */
export function SignInSection() {
  const t = useT();
  const session = useSession();
  const role = session?.userType;
  const shown = role === 'admin' || role === 'institute';
  const settings = useSsoSettings(shown);
  const lock = usePlanLock('integrations');
  if (!shown) return null;
  const saved = (kind: string) => settings.data?.providers.find((provider) => provider.kind === kind);
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="sign-in-heading"
      data-testid="sign-in-section"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="sign-in-heading">
            {t('integrations.sso.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {role === 'admin' ? t('integrations.sso.adminLead') : t('integrations.sso.instituteLead')}
          </Text>
        </div>
        {settings.isPending && <Skeleton h={200} />}
        {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
        {settings.data && (
          <>
            <RedirectUri value={settings.data.redirectUri} />
            {role === 'admin' ? (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <PlatformCard
                  key={`google-${saved('google')?.updatedAt}`}
                  kind="google"
                  saved={saved('google')}
                />
                <PlatformCard
                  key={`microsoft-${saved('microsoft')?.updatedAt}`}
                  kind="microsoft"
                  saved={saved('microsoft')}
                />
              </SimpleGrid>
            ) : (
              <InstituteCard key={saved('oidc')?.updatedAt ?? 'none'} saved={saved('oidc')} lock={lock} />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
