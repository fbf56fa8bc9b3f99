import { Alert, Container, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PLAN_AUDIENCES } from '../../../common/plans';
import { useSession } from '../../app/session';
import { useMySubscription } from './api';
import { useCheckout } from './checkout-dialog';
import { useT } from './i18n';
import { coveredByInstitute, InstituteCoversNotice, isCoveredRefusal } from './institute-covers-notice';
import { PlanChoices } from './plan-choices';
import { SubscriptionSummary } from './subscription-summary';

type PlanTab = 'manage' | 'upgrade';

/** /plan?page=manage|upgrade: the owner's subscription, and the plans to buy or change to. */
export default function PlanPage() {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  // A teacher inside an institute has no plan to show or buy: no request, a plain word instead.
  const covered = coveredByInstitute(session);
  const subscription = useMySubscription(!covered);
  const checkout = useCheckout();
  const audience = PLAN_AUDIENCES.find((value) => value === session?.userType) ?? null;

  // During a trial (or once it has ended) the useful page is the one that sells plans.
  const defaultTab: PlanTab =
    session?.isFreeTrial || session?.trialEnded || session?.subscriptionEnded ? 'upgrade' : 'manage';
  const requested = params.get('page');
  const tab: PlanTab = requested === 'manage' || requested === 'upgrade' ? requested : defaultTab;

  if (covered || isCoveredRefusal(subscription.error))
    return (
      <Container size="lg">
        <Stack>
          <Title order={1} size="h2">
            {t('billing.plan.title')}
          </Title>
          <InstituteCoversNotice what="plan" />
        </Stack>
      </Container>
    );

  return (
    <Container size="lg">
      <Stack>
        <Title order={1} size="h2">
          {t('billing.plan.title')}
        </Title>
        <Tabs
          value={tab}
          onChange={(value) => value && setParams({ page: value }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="manage">{t('billing.plan.mySubscription')}</Tabs.Tab>
            <Tabs.Tab value="upgrade">{t('billing.plan.choose')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="manage" pt="md">
            <Stack>
              {subscription.isPending && <Skeleton h={260} />}
              {subscription.isError && <Alert color="red">{subscription.error.message}</Alert>}
              {subscription.data && <SubscriptionSummary subscription={subscription.data} />}
              {audience && subscription.data && (
                <PlanChoices audience={audience} subscription={subscription.data} checkout={checkout} />
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="upgrade" pt="md">
            {subscription.isError ? (
              <Alert color="red">{subscription.error.message}</Alert>
            ) : audience ? (
              <PlanChoices audience={audience} subscription={subscription.data} checkout={checkout} />
            ) : (
              <Alert color="blue">{t('billing.plan.notForYou')}</Alert>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {checkout.dialog}
    </Container>
  );
}
