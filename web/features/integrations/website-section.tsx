import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCode } from '@tabler/icons-react';
import { useState } from 'react';
import {
  APPLICATION_URL_EXAMPLE,
  DEFAULT_ANONYMOUS_SHARE_PERCENT,
  type EmbedSettings,
  type EmbedSiteInput,
  type EmbedSnippet,
  embedSiteSchema,
} from '../../../common/contracts/embed';
import { serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { lockedControlProps, type PlanLock, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useEmbedSettings, useEmbedSnippet, useRemoveEmbedSite, useSaveEmbedSite } from './embed-api';
import { EmbedCodeModal } from './embed-code-modal';
import { useT } from './i18n';

function SiteForm({ settings, lock }: { settings: EmbedSettings; lock: PlanLock }) {
  const t = useT();
  const save = useSaveEmbedSite();
  const remove = useRemoveEmbedSite();
  const form = useForm<EmbedSiteInput>({
    mode: 'controlled',
    initialValues: {
      url: settings.site?.url ?? '',
      allowAnonymous: settings.site?.allowAnonymous ?? false,
      anonymousSharePercent: settings.site?.anonymousSharePercent ?? DEFAULT_ANONYMOUS_SHARE_PERCENT,
    },
    validate: zodValidate(embedSiteSchema),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (site) => {
        form.resetDirty({
          url: site.url,
          allowAnonymous: site.allowAnonymous,
          anonymousSharePercent: site.anonymousSharePercent,
        });
        form.setFieldValue('url', site.url);
        toast('success', t('integrations.site.saved'));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        toast('danger', error.message);
      },
    }),
  );
  const confirmRemove = () =>
    confirmDestructive({
      title: t('integrations.site.removeTitle'),
      message: t('integrations.site.removeMessage', { origin: settings.site?.origin ?? '' }),
      confirmLabel: t('integrations.site.remove'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            const empty = {
              url: '',
              allowAnonymous: false,
              anonymousSharePercent: DEFAULT_ANONYMOUS_SHARE_PERCENT,
            };
            form.setValues(empty);
            form.resetDirty(empty);
            toast('success', t('integrations.site.removed'));
          },
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('integrations.site.url')}
          description={t('integrations.site.urlHint')}
          placeholder={APPLICATION_URL_EXAMPLE}
          inputMode="url"
          autoComplete="url"
          withAsterisk
          {...lockedControlProps(lock)}
          {...form.getInputProps('url')}
        />
        <Checkbox
          label={t('integrations.site.anonymous')}
          description={t('integrations.site.anonymousHint')}
          {...lockedControlProps(lock)}
          {...form.getInputProps('allowAnonymous', { type: 'checkbox' })}
        />
        <NumberInput
          label={t('integrations.site.share')}
          description={t('integrations.site.shareHint')}
          min={0}
          max={100}
          allowDecimal={false}
          clampBehavior="none"
          withAsterisk
          {...lockedControlProps(lock, !form.values.allowAnonymous)}
          {...form.getInputProps('anonymousSharePercent')}
        />
        <Group justify="flex-end" gap="xs">
          {settings.site && (
            <Button variant="light" color="red" onClick={confirmRemove} loading={remove.isPending}>
              {t('integrations.site.remove')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending} {...lockedControlProps(lock)}>
            {t('integrations.site.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Your website": the teacher's or institute's own site, where their gurus can be embedded with a script tag
 * or a frame (docs/decisions/041-embedded-guru.md), and each guru's code to paste.
 */
export function WebsiteSection() {
  const t = useT();
  // The site, its settings and every guru's code are locked together, with one note saying why.
  const lock = usePlanLock('integrations');
  const settings = useEmbedSettings();
  const snippet = useEmbedSnippet();
  const [shown, setShown] = useState<{ name: string; snippet: EmbedSnippet } | null>(null);
  const getCode = (guru: { id: string; name: string }) => {
    // Without a site (their own or their institute's) the server can only refuse: say so without asking.
    if (settings.data && !settings.data.site && !settings.data.instituteSite)
      // EMBED_MSG.urlFirst (common/contracts/embed.ts), word for word in English.
      return toast('danger', t('integrations.site.urlFirst'));
    snippet.mutate(guru.id, {
      onSuccess: (code) => setShown({ name: guru.name, snippet: code }),
      onError: (error) => toast('danger', error.message),
    });
  };
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="website-heading"
      data-testid="website-section"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="website-heading">
            {t('integrations.site.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.site.lead')}
          </Text>
        </div>
        <PlanLockNote lock={lock}>{t('integrations.site.lockNote')}</PlanLockNote>
        {settings.isPending && <Skeleton h={160} />}
        {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
        {settings.data && (
          <>
            {!settings.data.site && settings.data.instituteSite && (
              <Alert color="blue" data-testid="institute-site">
                {t('integrations.site.instituteSite', { origin: settings.data.instituteSite.origin })}
              </Alert>
            )}
            <SiteForm key={settings.data.site?.url ?? 'none'} settings={settings.data} lock={lock} />
            {settings.data.site?.allowAnonymous && (
              <Text size="xs" c="dimmed" data-testid="anonymous-count">
                {settings.data.anonymousSessionLimit === null
                  ? t('integrations.site.anonymousCount', {
                      count: String(settings.data.anonymousSessionsThisMonth),
                    })
                  : t('integrations.site.anonymousCountOf', {
                      count: String(settings.data.anonymousSessionsThisMonth),
                      limit: String(settings.data.anonymousSessionLimit),
                    })}
              </Text>
            )}
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t('integrations.site.gurus')}
              </Text>
              {settings.data.gurus.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('integrations.site.noGurus')}
                </Text>
              )}
              {!lock.locked &&
                !settings.data.site &&
                !settings.data.instituteSite &&
                settings.data.gurus.length > 0 && (
                  <Text size="xs" c="dimmed" data-testid="embed-needs-site">
                    {t('integrations.site.needsSite')}
                  </Text>
                )}
              {settings.data.gurus.map((guru) => (
                <Group key={guru.id} justify="space-between" gap="xs" data-testid="embed-guru-row">
                  <Group gap="xs" style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {guru.name}
                    </Text>
                    {!guru.ready && (
                      <Badge size="xs" color="gray" variant="light">
                        {t('integrations.site.notTrained')}
                      </Badge>
                    )}
                  </Group>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCode size={14} />}
                    onClick={() => getCode(guru)}
                    loading={snippet.isPending && snippet.variables === guru.id}
                    {...lockedControlProps(lock)}
                  >
                    {t('integrations.site.getCode')}
                  </Button>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <EmbedCodeModal
        guruName={shown?.name ?? ''}
        snippet={shown?.snippet ?? null}
        siteOrigin={settings.data?.site?.origin ?? settings.data?.instituteSite?.origin ?? ''}
        onClose={() => setShown(null)}
      />
    </Card>
  );
}
