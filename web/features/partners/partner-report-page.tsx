import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  COMMISSION_STATUSES,
  type CommissionStatus,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from '../../../common/contracts/partners';
import { formatCount } from '../../../common/words';
import { useUrlFilters } from '../../app/use-url-filters';
import { Fact } from '../../components/fact';
import { useMyLinks, useMySummary } from './api';
import { CommissionsSection } from './commissions-section';
import { ConversionSection } from './conversion-section';
import { describeRule, formatRatio, formatTotals } from './format';
import { useLocale, useT } from './i18n';
import { LinksSection } from './links-section';
import { ReferredSection } from './referred-section';

const TABS = [
  { value: 'referred', labelKey: 'partners.tabs.referred' },
  { value: 'commissions', labelKey: 'partners.tabs.commissions' },
  { value: 'links', labelKey: 'partners.tabs.links' },
  { value: 'conversion', labelKey: 'partners.tabs.conversion' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * /partner-report: the partner's programme. The headline figures (clicks, sign-ups, paying, payable) stay above
 * the tabs, so every tab answers "how am I doing"; the conversion tab adds the funnel's ratios and the months.
 * Each tab's filters and page live in the URL (?tab=referred&status=paying&page=2) and a tab change clears them.
 */
export default function PartnerReportPage() {
  const { params, page, update } = useUrlFilters();
  const t = useT();
  const locale = useLocale();
  const tab: Tab =
    pick(
      TABS.map((entry) => entry.value),
      params.get('tab'),
    ) ?? 'referred';
  const summary = useMySummary();
  const links = useMyLinks();
  const setTab = (value: string | null) => update({ tab: value, status: null, month: null });

  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('partners.report.title')}
        </Title>
        {summary.isError && <Alert color="red">{summary.error.message}</Alert>}
        {summary.isPending && <Skeleton h={96} />}
        {summary.data && (
          <Card withBorder padding="md" data-testid="partner-headline">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact label={t('partners.clicks')}>{formatCount(summary.data.clicks)}</Fact>
              <Fact label={t('partners.signUps')}>
                {formatCount(summary.data.signUps)}{' '}
                <Text span size="xs" c="dimmed">
                  ({formatRatio(summary.data.clickToSignUp)})
                </Text>
              </Fact>
              <Fact label={t('partners.paying')}>
                {formatCount(summary.data.paying)}{' '}
                <Text span size="xs" c="dimmed">
                  ({formatRatio(summary.data.signUpToPaying)})
                </Text>
              </Fact>
              <Fact label={t('partners.payable')}>
                {formatTotals(summary.data.balances.payable, undefined, locale)}
              </Fact>
            </SimpleGrid>
            <Text size="sm" c="dimmed" mt="sm" data-testid="partner-rule">
              {t('partners.report.yourCommission', { rule: describeRule(summary.data.rule, t) })}
            </Text>
          </Card>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {TABS.map((entry) => (
              <Tabs.Tab key={entry.value} value={entry.value}>
                {t(entry.labelKey)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="referred" pt="md">
            <ReferredSection
              source={{ kind: 'partner' }}
              filters={{
                status: pick<ReferralStatus>(REFERRAL_STATUSES, params.get('status')),
                page,
                onChange: ({ status, page: next }) =>
                  update(
                    {
                      ...(status !== undefined ? { status } : {}),
                      ...(next !== undefined ? { page: next > 1 ? String(next) : null } : {}),
                    },
                    false,
                  ),
              }}
              empty={
                <Card withBorder padding="xl" data-testid="referred-empty">
                  <Stack align="center" gap="xs">
                    <Text fw={600}>{t('partners.report.noneYet')}</Text>
                    <Text size="sm" c="dimmed" ta="center">
                      {t('partners.report.shareHint')}
                    </Text>
                    <Button variant="light" onClick={() => setTab('links')}>
                      {t('partners.report.getLink')}
                    </Button>
                  </Stack>
                </Card>
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="commissions" pt="md">
            {summary.data && (
              <CommissionsSection
                source={{ kind: 'partner' }}
                summary={summary.data}
                filters={{
                  status: pick<CommissionStatus>(COMMISSION_STATUSES, params.get('status')),
                  month: params.get('month') ?? undefined,
                  page,
                  onChange: ({ status, month, page: next }) =>
                    update(
                      {
                        ...(status !== undefined ? { status } : {}),
                        ...(month !== undefined ? { month } : {}),
                        ...(next !== undefined ? { page: next > 1 ? String(next) : null } : {}),
                      },
                      false,
                    ),
                }}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="links" pt="md">
            {links.isError && <Alert color="red">{links.error.message}</Alert>}
            {links.isPending && <Skeleton h={240} />}
            {links.data && <LinksSection links={links.data} editable />}
          </Tabs.Panel>
          <Tabs.Panel value="conversion" pt="md">
            {summary.data && <ConversionSection summary={summary.data} />}
          </Tabs.Panel>
        </Tabs>
        <Group justify="center">
          <Text size="xs" c="dimmed">
            {t('partners.report.invoicesNote')}
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
