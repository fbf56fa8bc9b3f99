import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { CommissionStatus, ReferralStatus } from '../../../common/contracts/partners';
import { formatCount } from '../../../common/words';
import { Fact } from '../../components/fact';
import { EmptyCard } from '../reports';
import { useProgramme } from './api';
import { CommissionsSection } from './commissions-section';
import { Funnel } from './conversion-section';
import { describeRule, formatRatio, formatTotals } from './format';
import { useLocale, useT } from './i18n';
import { LinksSection } from './links-section';
import { PayoutCell, PayoutsHistory } from './payouts';
import { ReferredSection } from './referred-section';
import { RuleModal } from './rule-modal';

/** Local filter state of the admin's tables (the page's URL belongs to the account page). */
function useFilters<T extends object>(initial: T) {
  const [state, setState] = useState<T & { page: number }>({ ...initial, page: 1 });
  const onChange = (changes: Partial<Record<keyof T | 'page', unknown>>) =>
    setState((current) => {
      const next = { ...current } as Record<string, unknown>;
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        next[key] = value === null ? undefined : value;
      }
      return next as T & { page: number };
    });
  return { ...state, onChange };
}

/**
 * /view-partner's "Referral programme": the figures and conversion, the commission rule (default or own,
 * edited in a modal), the links, the people referred, the commissions with a "Mark paid" per ended month, and
 * the payouts. The tables are the partner's own report components over the admin's routes.
 */
export function ProgrammeSection({ partnerId }: { partnerId: string }) {
  const programme = useProgramme(partnerId);
  const t = useT();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>('commissions');
  const referred = useFilters<{ status?: ReferralStatus }>({});
  const commissions = useFilters<{ status?: CommissionStatus; month?: string }>({});

  if (programme.isError)
    return (
      <Alert color="red" title={t('partners.programme.cannotShow')}>
        {programme.error.message}
      </Alert>
    );
  if (!programme.data) return <Skeleton h={320} />;
  const { summary, links, payouts } = programme.data;
  const source = { kind: 'admin', partnerId } as const;

  return (
    <Card withBorder padding="lg" data-testid="referral-programme">
      <Stack>
        <Title order={2} size="h4">
          {t('partners.programme.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, xs: 3 }}>
              <Fact label={t('partners.clicks')}>{formatCount(summary.clicks)}</Fact>
              <Fact label={t('partners.signUps')}>
                {formatCount(summary.signUps)} ({formatRatio(summary.clickToSignUp)})
              </Fact>
              <Fact label={t('partners.paying')}>
                {formatCount(summary.paying)} ({formatRatio(summary.signUpToPaying)})
              </Fact>
              <Fact label={t('partners.pending')}>
                {formatTotals(summary.balances.pending, undefined, locale)}
              </Fact>
              <Fact label={t('partners.payable')}>
                {formatTotals(summary.balances.payable, undefined, locale)}
              </Fact>
              <Fact label={t('partners.paid')}>{formatTotals(summary.balances.paid, undefined, locale)}</Fact>
            </SimpleGrid>
            <Card withBorder padding="md" data-testid="partner-rule-card">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                  <Group gap="xs">
                    <Text fw={600}>{t('partners.programme.rule')}</Text>
                    <Badge variant="light" color={summary.rule.isDefault ? 'gray' : 'indigo'}>
                      {summary.rule.isDefault
                        ? t('partners.programme.default')
                        : t('partners.programme.ownRule')}
                    </Badge>
                  </Group>
                  <Text size="sm" data-testid="partner-rule-text">
                    {describeRule(summary.rule, t)}
                  </Text>
                </Stack>
                <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                  {t('partners.programme.editRule')}
                </Button>
              </Group>
            </Card>
          </Stack>
          <Funnel summary={summary} />
        </SimpleGrid>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="commissions">{t('partners.tabs.commissions')}</Tabs.Tab>
            <Tabs.Tab value="referred">{t('partners.tabs.referred')}</Tabs.Tab>
            <Tabs.Tab value="links">{t('partners.tabs.links')}</Tabs.Tab>
            <Tabs.Tab value="payouts">
              {t('partners.tabs.payouts', { count: String(payouts.length) })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="commissions" pt="md">
            <CommissionsSection
              source={source}
              summary={summary}
              filters={commissions}
              monthAction={(row) => (
                <PayoutCell partnerId={partnerId} row={row} months={summary.months} payouts={payouts} />
              )}
            />
          </Tabs.Panel>
          <Tabs.Panel value="referred" pt="md">
            <ReferredSection
              source={source}
              filters={referred}
              empty={
                <EmptyCard
                  title={t('partners.programme.noReferrals')}
                  hint={t('partners.programme.noReferralsHint')}
                />
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="links" pt="md">
            <LinksSection links={links} editable={false} />
          </Tabs.Panel>
          <Tabs.Panel value="payouts" pt="md">
            <PayoutsHistory payouts={payouts} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <RuleModal
        opened={editing}
        onClose={() => setEditing(false)}
        partnerId={partnerId}
        rule={summary.rule}
      />
    </Card>
  );
}
