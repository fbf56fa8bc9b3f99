import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type LtiPlatformInput,
  type LtiPlatformView,
  type LtiToolUrls,
  ltiPlatformSchema,
} from '../../../common/contracts/lti';
import { serverFieldErrors, zodValidate } from '../../app/forms';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { lockedControlProps, type PlanLock, usePlanLock } from '../../components/plan-lock';
import { useT } from './i18n';
import { useLtiSettings, useRemoveLtiPlatform, useSaveLtiPlatform } from './lti-api';
import { LtiCourses } from './lti-courses';

/** One value to paste into the LMS, with its label and a copy button. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="light"
              onClick={copy}
              aria-label={t('integrations.lti.copyWhat', { label })}
            >
              {copied ? t('integrations.sso.copied') : t('integrations.sso.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** What the LMS admin pastes into Moodle, Canvas, Blackboard or Brightspace when adding Gurukul as a tool. */
function ToolDetails({ tool }: { tool: LtiToolUrls }) {
  const t = useT();
  return (
    <Stack gap="xs" data-testid="lti-tool">
      <Text size="sm">{t('integrations.lti.toolLead')}</Text>
      <CopyRow label={t('integrations.lti.loginUrl')} value={tool.loginUrl} />
      <CopyRow label={t('integrations.lti.launchUrl')} value={tool.launchUrl} />
      <CopyRow label={t('integrations.lti.keysetUrl')} value={tool.keysetUrl} />
      <CopyRow label={t('integrations.lti.publicKeyset')} value={JSON.stringify(tool.keyset)} />
    </Stack>
  );
}

const EMPTY: LtiPlatformInput = {
  name: '',
  issuer: '',
  clientId: '',
  deploymentIds: '',
  loginUrl: '',
  tokenUrl: '',
  keysetUrl: '',
  siteUrl: '',
};

/** Registering an LMS (or changing one): the values its admin screen shows after adding Gurukul as a tool. */
function PlatformForm({
  platform,
  lock,
  onDone,
}: {
  platform: LtiPlatformView | null;
  lock: PlanLock;
  onDone: () => void;
}) {
  const t = useT();
  const save = useSaveLtiPlatform(platform?.id ?? null);
  const form = useForm<LtiPlatformInput>({
    mode: 'controlled',
    initialValues: platform
      ? {
          name: platform.name,
          issuer: platform.issuer,
          clientId: platform.clientId,
          deploymentIds: platform.deploymentIds.join('\n'),
          loginUrl: platform.loginUrl,
          tokenUrl: platform.tokenUrl,
          keysetUrl: platform.keysetUrl,
          siteUrl: platform.siteUrl ?? '',
        }
      : EMPTY,
    validate: zodValidate(ltiPlatformSchema),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast('success', t('integrations.lti.saved', { name: saved.name }));
        onDone();
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        toast('danger', error.message);
      },
    }),
  );
  const field = (name: keyof LtiPlatformInput, label: string, hint?: string, optional = false) => (
    <TextInput
      label={label}
      description={hint}
      withAsterisk={!optional}
      {...lockedControlProps(lock)}
      {...form.getInputProps(name)}
    />
  );
  return (
    <Card withBorder padding="md" data-testid="lti-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {field('name', t('integrations.lti.name'), t('integrations.lti.nameHint'))}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('issuer', t('integrations.lti.issuer'))}
            {field('clientId', t('integrations.lti.clientId'))}
          </SimpleGrid>
          <Textarea
            label={t('integrations.lti.deploymentIds')}
            description={t('integrations.lti.deploymentIdsHint')}
            autosize
            minRows={2}
            withAsterisk
            {...lockedControlProps(lock)}
            {...form.getInputProps('deploymentIds')}
          />
          {field('loginUrl', t('integrations.lti.platformLoginUrl'))}
          {field('tokenUrl', t('integrations.lti.tokenUrl'))}
          {field('keysetUrl', t('integrations.lti.platformKeysetUrl'))}
          {field('siteUrl', t('integrations.lti.siteUrl'), t('integrations.lti.siteUrlHint'), true)}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onDone}>
              {t('integrations.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} {...lockedControlProps(lock)}>
              {t('integrations.lti.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PlatformRow({ platform, onEdit }: { platform: LtiPlatformView; onEdit: () => void }) {
  const t = useT();
  const remove = useRemoveLtiPlatform();
  const confirm = () =>
    confirmDestructive({
      title: t('integrations.lti.removeTitle', { name: platform.name }),
      message: t('integrations.lti.removeMessage'),
      confirmLabel: t('integrations.lti.remove'),
      cancelLabel: t('integrations.cancel'),
      onConfirm: () =>
        remove.mutate(platform.id, {
          onSuccess: () => toast('success', t('integrations.lti.removed', { name: platform.name })),
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="sm" data-testid="lti-platform">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{platform.name}</Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {platform.issuer} · {platform.clientId}
          </Text>
          <Text size="xs" c="dimmed">
            {t('integrations.lti.deployments', { count: platform.deploymentIds.length })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onEdit}>
            {t('integrations.lti.edit')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={confirm} loading={remove.isPending}>
            {t('integrations.lti.remove')}
          </Button>
        </Group>
      </Group>
      <Stack mt="sm">
        <LtiCourses platform={platform} />
      </Stack>
    </Card>
  );
}

/**
 * "Learning management systems (LTI 1.3)" (decision 074): the tool's URLs and keyset to paste into the LMS, and the
 * LMSs registered here. An institute's own, or the admin's for every school.
 */
export function LtiSection() {
  const t = useT();
  const session = useSession();
  const role = session?.userType;
  const shown = role === 'admin' || role === 'institute';
  const settings = useLtiSettings(shown);
  const lock = usePlanLock('integrations');
  // null: no form open; 'new': registering; an id: changing that registration.
  const [editing, setEditing] = useState<string | null>(null);
  if (!shown) return null;
  const platforms = settings.data?.platforms ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lti-heading" data-testid="lti-section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="lti-heading">
            {t('integrations.lti.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {role === 'admin' ? t('integrations.lti.adminLead') : t('integrations.lti.instituteLead')}
          </Text>
        </div>
        {settings.isPending && <Skeleton h={160} />}
        {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
        {settings.data && (
          <>
            <ToolDetails tool={settings.data.tool} />
            {platforms.length === 0 && editing === null && (
              <Text size="sm" c="dimmed">
                {t('integrations.lti.none')}
              </Text>
            )}
            {platforms.map((platform) =>
              editing === platform.id ? (
                <PlatformForm
                  key={platform.id}
                  platform={platform}
                  lock={lock}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <PlatformRow key={platform.id} platform={platform} onEdit={() => setEditing(platform.id)} />
              ),
            )}
            {editing === 'new' ? (
              <PlatformForm platform={null} lock={lock} onDone={() => setEditing(null)} />
            ) : (
              <Group>
                <Button variant="light" onClick={() => setEditing('new')} {...lockedControlProps(lock)}>
                  {t('integrations.lti.add')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
