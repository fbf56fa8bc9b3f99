import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { campaignLinkSchema, type ReferralLinkView } from '../../../common/contracts/partners';
import { formatDate } from '../../../common/time';
import { formatCount } from '../../../common/words';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { Fact } from '../../components/fact';
import { useArchiveLink, useCreateCampaignLink } from './api';
import { useLocale, useT } from './i18n';
import { DownloadQrButton, QrCode } from './qr-code';

function CopyLinkButton({ url, name, compact }: { url: string; name: string; compact?: boolean }) {
  const t = useT();
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button
          size={compact ? 'xs' : 'sm'}
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
          aria-label={t('partners.links.copyAria', { name })}
        >
          {copied ? t('partners.links.copied') : t('partners.links.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

/** The partner's main link: the address, copy, its QR code (shown and as a PNG) and its figures. */
function MainLink({ link, own }: { link: ReferralLinkView; own: boolean }) {
  const t = useT();
  const name = own ? t('partners.links.yourLinkName') : t('partners.links.mainLinkName');
  return (
    <Card withBorder padding="lg" data-testid="main-link">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <QrCode url={link.url} label={t('partners.links.qrOf', { name })} />
        <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} size="h4">
            {own ? t('partners.links.yourLink') : t('partners.links.mainLink')}
          </Title>
          {own && (
            <Text size="sm" c="dimmed">
              {t('partners.links.shareIt')}
            </Text>
          )}
          {/* A text area, so a long address wraps on a phone instead of running out of its box. */}
          <Textarea
            readOnly
            autosize
            minRows={1}
            aria-label={own ? t('partners.links.yourLink') : t('partners.links.mainLink')}
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { wordBreak: 'break-all' } }}
            data-testid="main-link-url"
          />
          <Group gap="xs">
            <CopyLinkButton url={link.url} name={name} />
            <DownloadQrButton url={link.url} code={link.code} name={name} />
          </Group>
          <SimpleGrid cols={2} maw={320}>
            <Fact label={t('partners.clicks')}>{formatCount(link.clicks)}</Fact>
            <Fact label={t('partners.signUps')}>{formatCount(link.signUps)}</Fact>
          </SimpleGrid>
        </Stack>
      </Group>
    </Card>
  );
}

function NewCampaignForm() {
  const create = useCreateCampaignLink();
  const t = useT();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = campaignLinkSchema.safeParse({ label });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const link = await create.mutateAsync(checked.data);
      setLabel('');
      setError(null);
      toast('success', t('partners.links.created', { label: link.label ?? '' }));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={t('partners.links.campaignName')}
          placeholder={t('partners.links.campaignPlaceholder')}
          value={label}
          // Checked when left after typing (an empty box only when sent), cleared while edited: the rule of
          // commitValidation (web/app/forms.ts) by hand.
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            if (error) setError(null);
          }}
          onBlur={() => {
            if (label) setError(campaignLinkSchema.safeParse({ label }).error?.issues[0]?.message ?? null);
          }}
          error={error}
          maxLength={80}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
        >
          {t('partners.links.create')}
        </Button>
      </Group>
    </form>
  );
}

function CampaignRow({ link, editable }: { link: ReferralLinkView; editable: boolean }) {
  const archive = useArchiveLink();
  const t = useT();
  const locale = useLocale();
  const name = t('partners.links.campaignLinkName', { label: link.label ?? '' });
  const toggle = (archived: boolean) =>
    archive
      .mutateAsync({ linkId: link.id, archived })
      .then(() => toast('success', archived ? t('partners.links.archived') : t('partners.links.activeAgain')))
      .catch((error: Error) => toast('danger', error.message));
  const ask = () => {
    if (link.archived) {
      modals.openConfirmModal({
        title: t('partners.links.unarchiveTitle', { label: link.label ?? '' }),
        children: <Text size="sm">{t('partners.links.unarchiveMessage')}</Text>,
        labels: { confirm: t('partners.links.unarchiveConfirm'), cancel: t('partners.cancel') },
        onConfirm: () => void toggle(false),
      });
      return;
    }
    confirmDestructive({
      title: t('partners.links.archiveTitle', { label: link.label ?? '' }),
      message: t('partners.links.archiveMessage'),
      confirmLabel: t('partners.links.archiveConfirm'),
      onConfirm: () => void toggle(true),
    });
  };
  return (
    <Paper withBorder p="sm" data-testid="campaign-link">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        {/* flex-basis 14rem: on a phone the buttons wrap below the text instead of squeezing it to one letter. */}
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {link.label}
            </Text>
            {link.archived && (
              <Badge color="gray" variant="light">
                {t('partners.links.archivedBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="campaign-link-url">
            {link.url}
          </Text>
          <Text size="sm">
            {t('partners.links.figures', {
              clicks: link.clicks,
              signUps: link.signUps,
              date: formatDate(link.createdAt, { locale }),
            })}
          </Text>
        </Stack>
        <Group gap={6}>
          {!link.archived && <CopyLinkButton url={link.url} name={name} compact />}
          {!link.archived && <DownloadQrButton url={link.url} code={link.code} name={name} compact />}
          {editable && (
            <Button
              size="xs"
              variant="subtle"
              color={link.archived ? undefined : 'red'}
              loading={archive.isPending}
              onClick={ask}
              aria-label={t(link.archived ? 'partners.links.unarchiveAria' : 'partners.links.archiveAria', {
                name,
              })}
            >
              {link.archived ? t('partners.links.unarchive') : t('partners.links.archive')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The links tab: the main link with its QR code, then campaign links (a label each, so a newsletter and a
 * video can be told apart) with their clicks and sign-ups. The admin sees the same, read-only.
 */
export function LinksSection({ links, editable }: { links: ReferralLinkView[]; editable: boolean }) {
  const t = useT();
  const main = links.find((link) => link.label === null);
  // Active campaigns first, then archived; newest first within each.
  const campaigns = links
    .filter((link) => link.label !== null)
    .sort((a, b) => Number(a.archived) - Number(b.archived) || b.createdAt.localeCompare(a.createdAt));
  return (
    <Stack>
      {main && <MainLink link={main} own={editable} />}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('partners.links.campaigns')}
          </Title>
          {editable && (
            <>
              <Text size="sm" c="dimmed">
                {t('partners.links.campaignsHint')}
              </Text>
              <NewCampaignForm />
            </>
          )}
          {campaigns.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="campaigns-empty">
              {editable ? t('partners.links.noneYet') : t('partners.links.none')}
            </Text>
          ) : (
            campaigns.map((link) => <CampaignRow key={link.id} link={link} editable={editable} />)
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
