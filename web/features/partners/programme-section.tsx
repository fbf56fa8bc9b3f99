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
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>('commissions');
  const referred = useFilters<{ status?: ReferralStatus }>({});
  const commissions = useFilters<{ status?: CommissionStatus; month?: string }>({});

  if (programme.isError)
    return (
      <Alert color="red" title="The referral programme cannot be shown">
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
          Referral programme
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, xs: 3 }}>
              <Fact label="Clicks">{formatCount(summary.clicks)}</Fact>
              <Fact label="Sign-ups">
                {formatCount(summary.signUps)} ({formatRatio(summary.clickToSignUp)})
              </Fact>
              <Fact label="Paying">
                {formatCount(summary.paying)} ({formatRatio(summary.signUpToPaying)})
              </Fact>
              <Fact label="Pending">{formatTotals(summary.balances.pending)}</Fact>
              <Fact label="Payable">{formatTotals(summary.balances.payable)}</Fact>
              <Fact label="Paid">{formatTotals(summary.balances.paid)}</Fact>
            </SimpleGrid>
            <Card withBorder padding="md" data-testid="partner-rule-card">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                  <Group gap="xs">
                    <Text fw={600}>Commission rule</Text>
                    <Badge variant="light" color={summary.rule.isDefault ? 'gray' : 'indigo'}>
                      {summary.rule.isDefault ? 'Default' : 'Own rule'}
                    </Badge>
                  </Group>
                  <Text size="sm" data-testid="partner-rule-text">
                    {describeRule(summary.rule)}
                  </Text>
                </Stack>
                <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                  Edit rule
                </Button>
              </Group>
            </Card>
          </Stack>
          <Funnel summary={summary} />
        </SimpleGrid>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="commissions">Commissions</Tabs.Tab>
            <Tabs.Tab value="referred">Referred</Tabs.Tab>
            <Tabs.Tab value="links">Links</Tabs.Tab>
            <Tabs.Tab value="payouts">Payouts ({payouts.length})</Tabs.Tab>
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
                  title="No referrals yet"
                  hint="No one has signed up through this partner's links."
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
