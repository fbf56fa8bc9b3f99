import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuditEntry, PeopleRole, PersonDetail } from '../../../common/contracts/people';
import { formatPrice } from '../../../common/money';
import { formatDate, formatDateTime } from '../../../common/time';
import { toast } from '../../app/toast';
import { Fact } from '../../components/fact';
import { scrollRegion } from '../../components/scroll-region';
import { useLogInAs } from '../auth';
import { EmptyCard } from '../reports';
import { useAccountDialogs } from './account-dialogs';
import { VIEW_PAGE } from './admin-people-list';
import { usePerson } from './api';
import { useLocale, useT } from './i18n';
import { BillingBadge, PresenceDot, StatusBadge } from './people-table';

const LIST_PAGE: Record<PeopleRole, string> = {
  teacher: '/teachers?tab=teacher',
  institute: '/teachers?tab=institute',
  student: '/students',
  partner: '/partners',
};

type TFunction = ReturnType<typeof useT>;

/** The audit actions with a text of their own (people.audit.<action>); any other shows as it is. */
const AUDIT_ACTIONS = new Set([
  'deactivate-user',
  'reactivate-user',
  'activate-user',
  'send-password-reset',
  'extend-trial',
  'grant-plan',
  'erase-user',
  'impersonate',
  'grant-developer-access',
  'revoke-developer-access',
  'remove-from-institute',
  'enrol',
  'course-submit',
  'course-approve',
  'course-reject',
  'change-password',
]);

function auditText(entry: AuditEntry, t: TFunction): string {
  const { details } = entry;
  if (entry.action === 'deactivate-user' && details.reason)
    return t('people.audit.deactivatedWhy', { reason: String(details.reason) });
  if (entry.action === 'extend-trial')
    return t('people.audit.trialExtendedBy', { count: Number(details.days) });
  if (entry.action === 'grant-plan')
    return t('people.audit.planGrantedFor', { plan: String(details.planName), count: Number(details.days) });
  return AUDIT_ACTIONS.has(entry.action) ? t(`people.audit.${entry.action}`) : entry.action;
}

/** A value the server gives as a code (a status, a period): its text when the catalog has one, else the code. */
const known = (t: TFunction, prefix: string, value: string, values: readonly string[]) =>
  values.includes(value) ? t(`${prefix}.${value}`) : value;
const COURSE_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'PENDING_REAPPROVAL'];
const SUBSCRIPTION_STATUSES = ['trial', 'active', 'cancelled', 'ended'];
const BILLING_PERIODS = ['monthly', 'yearly'];
const PAYMENT_PURPOSES = ['plan', 'course'];
const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'refunded'];
const ROLES = ['teacher', 'institute', 'student', 'partner'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** One account as an admin sees it: who they are, their plan and money, what they made or learnt, and every admin action on it. */
export function PersonPage({ kind: role, children }: { kind: PeopleRole; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const userId = params.get('id') ?? '';
  const person = usePerson(userId);
  const navigate = useNavigate();
  const logInAs = useLogInAs();
  const dialogs = useAccountDialogs((kind) => {
    if (kind === 'erase') navigate(LIST_PAGE[role]);
  });

  if (!userId)
    return <EmptyCard title={t('people.person.noAccount')} hint={t('people.person.openFromList')} />;
  if (person.isError) {
    return (
      <Container size="lg">
        <Alert color="red" title={t('people.person.cannotShow')}>
          {person.error.message}
        </Alert>
      </Container>
    );
  }
  if (!person.data) return <Skeleton h={400} />;
  const detail = person.data;
  const { account } = detail;
  const accountRole = account.userType as PeopleRole;
  const holdsPlan = (accountRole === 'teacher' && !account.institute) || accountRole === 'institute';
  const onTrial = account.billing === 'trial' || (account.billing === 'ended' && account.trialDaysLeft === 0);

  return (
    <Container size="xl">
      <Stack>
        <Anchor component={Link} to={LIST_PAGE[accountRole] ?? LIST_PAGE[role]} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> {t('people.person.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap={8} wrap="nowrap">
              <PresenceDot online={account.online} />
              <Title order={1} size="h2">
                {account.fullName}
              </Title>
            </Group>
            <Group gap="xs">
              <Badge variant="light">{known(t, 'people.role', accountRole, ROLES)}</Badge>
              <StatusBadge isActive={account.isActive} />
              <BillingBadge row={account} />
              {account.online && <Badge color="green">{t('people.person.online')}</Badge>}
            </Group>
          </Stack>
          {!account.deleted && (
            <Group>
              {account.isImpersonable && (
                <Button
                  onClick={() =>
                    logInAs({ userId: account.id }).catch((error: Error) => toast('danger', error.message))
                  }
                >
                  {t('people.action.logInAs')}
                </Button>
              )}
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                    {t('people.action.actions')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {account.isActive && (
                    <Menu.Item onClick={() => dialogs.open('password-reset', account)}>
                      {t('people.action.sendReset')}
                    </Menu.Item>
                  )}
                  {holdsPlan && onTrial && account.isActive && (
                    <Menu.Item onClick={() => dialogs.open('extend-trial', account)}>
                      {t('people.action.extendTrial')}
                    </Menu.Item>
                  )}
                  {holdsPlan && account.isActive && (
                    <Menu.Item onClick={() => dialogs.open('grant-plan', account)}>
                      {t('people.action.grantPlan')}
                    </Menu.Item>
                  )}
                  {account.isActive ? (
                    <Menu.Item color="red" onClick={() => dialogs.open('deactivate', account)}>
                      {t('people.action.deactivate')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => dialogs.open('reactivate', account)}>
                      {t('people.action.reactivate')}
                    </Menu.Item>
                  )}
                  <Menu.Item color="red" onClick={() => dialogs.open('erase', account)}>
                    {t('people.action.erase')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
        {account.deleted && <Alert color="gray">{t('people.person.erased')}</Alert>}
        {!account.isActive && !account.deleted && (
          <Alert color="red" title={t('people.person.deactivated')}>
            {account.deactivationReason ?? t('people.person.noReason')}
          </Alert>
        )}
        <Section title={t('people.person.profile')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Fact label={t('people.person.email')}>
              {account.email} {account.emailVerified ? '' : t('people.person.notVerified')}
            </Fact>
            <Fact label={t('people.person.institute')}>
              {account.institute ? (
                <Anchor component={Link} to={`${VIEW_PAGE.institute}?id=${account.institute.id}`}>
                  {account.institute.fullName}
                </Anchor>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={t('people.person.signedUp')}>{formatDate(account.createdAt, { locale })}</Fact>
            <Fact label={t('people.person.lastLogin')}>
              {formatDateTime(account.lastLoginAt, { locale })}
            </Fact>
          </SimpleGrid>
        </Section>
        {(accountRole === 'teacher' || accountRole === 'institute') && <PlanSection detail={detail} />}
        {detail.members && (
          <Section title={t('people.person.people')}>
            <Group>
              <Anchor component={Link} to={`/teachers?tab=teacher&instituteId=${account.id}`}>
                {t('people.person.teachers', { count: detail.members.teachers })}
              </Anchor>
              <Anchor component={Link} to={`/students?instituteId=${account.id}`}>
                {t('people.person.students', { count: detail.members.students })}
              </Anchor>
            </Group>
          </Section>
        )}
        {(accountRole === 'teacher' || accountRole === 'institute') && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title={t('people.person.courses', { count: detail.ownedCourses.length })}>
              {detail.ownedCourses.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('people.person.noCourses')}
                </Text>
              ) : (
                <Stack gap={6}>
                  {detail.ownedCourses.map((course) => (
                    <Group key={course.id} justify="space-between" wrap="nowrap">
                      <Text size="sm" truncate>
                        {course.title}
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <Badge variant="light" color={course.live ? 'green' : 'gray'}>
                          {course.live
                            ? t('people.person.live')
                            : COURSE_STATUSES.includes(course.status)
                              ? t(`people.person.courseStatus.${course.status}`)
                              : course.status.toLowerCase().replace('_', ' ')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {t('people.person.students', { count: course.students })}
                        </Text>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title={t('people.person.gurus', { count: detail.gurus.length })}>
              {detail.gurus.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('people.person.noGurus')}
                </Text>
              ) : (
                <Stack gap={6}>
                  {detail.gurus.map((guru) => (
                    <Text key={guru.id} size="sm">
                      {guru.name}
                    </Text>
                  ))}
                </Stack>
              )}
            </Section>
          </SimpleGrid>
        )}
        {accountRole === 'student' && <LearningSection detail={detail} />}
        {children}
        {accountRole === 'partner' && !children && (
          <Section title={t('people.person.referrals')}>
            <Text size="sm" c="dimmed">
              {detail.referrals?.signedUp
                ? t('people.person.referredSignUps', { count: detail.referrals.signedUp })
                : t('people.person.noReferrals')}
            </Text>
          </Section>
        )}
        <Section title={t('people.person.audit')}>
          {detail.audit.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('people.person.noAudit')}
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} data-testid="audit-trail">
              {detail.audit.map((entry) => (
                <Timeline.Item key={entry.id} title={auditText(entry, t)}>
                  <Text size="xs" c="dimmed">
                    {t('people.person.auditBy', {
                      at: formatDateTime(entry.at, { locale }),
                      name: entry.actor?.fullName ?? t('people.person.deletedActor'),
                    })}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Section>
      </Stack>
      {dialogs.dialog}
    </Container>
  );
}

function PlanSection({ detail }: { detail: PersonDetail }) {
  const t = useT();
  const locale = useLocale();
  const { subscription, payments, invoices } = detail;
  const price = (amount: number, currency: string) => formatPrice(amount, currency, undefined, locale);
  return (
    <Section title={t('people.plan.title')}>
      {!subscription ? (
        <Text size="sm" c="dimmed">
          {detail.account.institute ? t('people.plan.byInstitute') : t('people.plan.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
          <Fact label={t('people.plan.plan')}>{subscription.planName}</Fact>
          <Fact label={t('people.plan.status')}>
            {known(t, 'people.plan.subStatus', subscription.status, SUBSCRIPTION_STATUSES)}
            {subscription.cancelAtPeriodEnd && subscription.status === 'active'
              ? t('people.plan.endsAtPeriodEnd')
              : ''}
          </Fact>
          {subscription.trialEndsAt && (
            <Fact label={t('people.plan.trialEnds')}>{formatDate(subscription.trialEndsAt, { locale })}</Fact>
          )}
          {subscription.currentPeriodEnd && (
            <Fact label={t('people.plan.periodEnds')}>
              {formatDate(subscription.currentPeriodEnd, { locale })}
            </Fact>
          )}
          {subscription.amount !== null && subscription.currency && (
            <Fact label={t('people.plan.price')}>
              {subscription.billingPeriod === 'grant'
                ? t('people.plan.granted')
                : t('people.plan.pricePer', {
                    price: price(subscription.amount, subscription.currency),
                    period: known(
                      t,
                      'people.plan.period',
                      String(subscription.billingPeriod),
                      BILLING_PERIODS,
                    ),
                  })}
            </Fact>
          )}
        </SimpleGrid>
      )}
      {payments.length > 0 && (
        <Table.ScrollContainer minWidth={500} scrollAreaProps={scrollRegion(t('people.plan.payments'))}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('people.plan.paidOrTried')}</Table.Th>
                <Table.Th>{t('people.plan.for')}</Table.Th>
                <Table.Th>{t('people.plan.amount')}</Table.Th>
                <Table.Th>{t('people.plan.paymentStatus')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{formatDateTime(payment.at, { locale })}</Table.Td>
                  <Table.Td>{known(t, 'people.plan.purpose', payment.purpose, PAYMENT_PURPOSES)}</Table.Td>
                  <Table.Td>{price(payment.amount, payment.currency)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={
                        payment.status === 'paid' ? 'green' : payment.status === 'failed' ? 'red' : 'gray'
                      }
                    >
                      {known(t, 'people.plan.payStatus', payment.status, PAYMENT_STATUSES)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {invoices.length > 0 && (
        <Text size="sm" mt="sm">
          {t('people.plan.invoices', {
            list: invoices
              .map((invoice) => `${invoice.number} (${price(invoice.total, invoice.currency)})`)
              .join(', '),
          })}
        </Text>
      )}
    </Section>
  );
}

function LearningSection({ detail }: { detail: PersonDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title={t('people.learning.subscribed', { count: detail.subscriptions.length })}>
        {detail.subscriptions.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('people.learning.noneSubscribed')}
          </Text>
        ) : (
          <Stack gap={6}>
            {detail.subscriptions.map((entry) => (
              <Group key={entry.courseId} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {entry.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('people.learning.since', { date: formatDate(entry.subscribedAt, { locale }) })}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('people.learning.quizResults')}>
        {detail.quizResults.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('people.learning.noQuiz')}
          </Text>
        ) : (
          <Stack gap={6}>
            {detail.quizResults.map((result) => (
              <Group key={result.id} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {result.quizTitle} · {result.courseTitle}
                </Text>
                <Badge
                  variant="light"
                  color={result.passed === null ? 'gray' : result.passed ? 'green' : 'red'}
                >
                  {result.percent === null ? t('people.learning.marking') : `${result.percent}%`}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
    </SimpleGrid>
  );
}
