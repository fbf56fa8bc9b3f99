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
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { Fact } from '../../components/fact';
import { scrollRegion } from '../../components/scroll-region';
import { useLogInAs } from '../auth';
import { EmptyCard } from '../reports';
import { useAccountDialogs } from './account-dialogs';
import { VIEW_PAGE } from './admin-people-list';
import { usePerson } from './api';
import { BillingBadge, PresenceDot, StatusBadge } from './people-table';

const LIST_PAGE: Record<PeopleRole, string> = {
  teacher: '/teachers?tab=teacher',
  institute: '/teachers?tab=institute',
  student: '/students',
  partner: '/partners',
};

const ACTION_LABELS: Record<string, string> = {
  'deactivate-user': 'Deactivated',
  'reactivate-user': 'Reactivated',
  'activate-user': 'Reactivated',
  'send-password-reset': 'Password reset link sent',
  'extend-trial': 'Trial extended',
  'grant-plan': 'Plan granted',
  'erase-user': 'Account erased',
  impersonate: 'Logged in as this account',
  'grant-developer-access': 'Developer access granted',
  'revoke-developer-access': 'Developer access revoked',
  'remove-from-institute': 'Removed from the institute',
  enrol: 'Enrolled in a course',
  'course-submit': 'Submitted a course for approval',
  'course-approve': 'A course of theirs was approved',
  'course-reject': 'A course of theirs was rejected',
  'change-password': 'Changed the password',
};

function auditText(entry: AuditEntry): string {
  const { details } = entry;
  if (entry.action === 'deactivate-user' && details.reason) return `Deactivated: ${String(details.reason)}`;
  if (entry.action === 'extend-trial') return `Trial extended by ${countOf(Number(details.days), 'day')}`;
  if (entry.action === 'grant-plan')
    return `${String(details.planName)} granted for ${countOf(Number(details.days), 'day')}`;
  return ACTION_LABELS[entry.action] ?? entry.action;
}

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
  const [params] = useSearchParams();
  const userId = params.get('id') ?? '';
  const person = usePerson(userId);
  const navigate = useNavigate();
  const logInAs = useLogInAs();
  const dialogs = useAccountDialogs((kind) => {
    if (kind === 'erase') navigate(LIST_PAGE[role]);
  });

  if (!userId) return <EmptyCard title="No account chosen" hint="Open an account from the list." />;
  if (person.isError) {
    return (
      <Container size="lg">
        <Alert color="red" title="This account cannot be shown">
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
            <IconArrowLeft size={14} /> Back to the list
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
              <Badge variant="light">{accountRole}</Badge>
              <StatusBadge isActive={account.isActive} />
              <BillingBadge row={account} />
              {account.online && <Badge color="green">Online now</Badge>}
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
                  Log in as
                </Button>
              )}
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                    Actions
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {account.isActive && (
                    <Menu.Item onClick={() => dialogs.open('password-reset', account)}>
                      Send password reset link
                    </Menu.Item>
                  )}
                  {holdsPlan && onTrial && account.isActive && (
                    <Menu.Item onClick={() => dialogs.open('extend-trial', account)}>Extend trial</Menu.Item>
                  )}
                  {holdsPlan && account.isActive && (
                    <Menu.Item onClick={() => dialogs.open('grant-plan', account)}>Grant a plan</Menu.Item>
                  )}
                  {account.isActive ? (
                    <Menu.Item color="red" onClick={() => dialogs.open('deactivate', account)}>
                      Deactivate
                    </Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => dialogs.open('reactivate', account)}>Reactivate</Menu.Item>
                  )}
                  <Menu.Item color="red" onClick={() => dialogs.open('erase', account)}>
                    Erase account
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
        {account.deleted && (
          <Alert color="gray">This account was erased on request. Its invoices and payments are kept.</Alert>
        )}
        {!account.isActive && !account.deleted && (
          <Alert color="red" title="Deactivated">
            {account.deactivationReason ?? 'No reason recorded.'}
          </Alert>
        )}
        <Section title="Profile">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Fact label="Email">
              {account.email} {account.emailVerified ? '' : '(not verified)'}
            </Fact>
            <Fact label="Institute">
              {account.institute ? (
                <Anchor component={Link} to={`${VIEW_PAGE.institute}?id=${account.institute.id}`}>
                  {account.institute.fullName}
                </Anchor>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label="Signed up">{formatDate(account.createdAt)}</Fact>
            <Fact label="Last login">{formatDateTime(account.lastLoginAt)}</Fact>
          </SimpleGrid>
        </Section>
        {(accountRole === 'teacher' || accountRole === 'institute') && <PlanSection detail={detail} />}
        {detail.members && (
          <Section title="People">
            <Group>
              <Anchor component={Link} to={`/teachers?tab=teacher&instituteId=${account.id}`}>
                {countOf(detail.members.teachers, 'teacher')}
              </Anchor>
              <Anchor component={Link} to={`/students?instituteId=${account.id}`}>
                {countOf(detail.members.students, 'student')}
              </Anchor>
            </Group>
          </Section>
        )}
        {(accountRole === 'teacher' || accountRole === 'institute') && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title={`Courses (${detail.ownedCourses.length})`}>
              {detail.ownedCourses.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No courses yet.
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
                          {course.live ? 'Live' : course.status.toLowerCase().replace('_', ' ')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {countOf(course.students, 'student')}
                        </Text>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title={`Gurus (${detail.gurus.length})`}>
              {detail.gurus.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No gurus yet.
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
          <Section title="Referrals">
            <Text size="sm" c="dimmed">
              {detail.referrals?.signedUp
                ? countOf(detail.referrals.signedUp, 'referred sign-up')
                : 'No referrals yet.'}
            </Text>
          </Section>
        )}
        <Section title="Audit trail">
          {detail.audit.length === 0 ? (
            <Text c="dimmed" size="sm">
              No admin action on this account yet.
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} data-testid="audit-trail">
              {detail.audit.map((entry) => (
                <Timeline.Item key={entry.id} title={auditText(entry)}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(entry.at)} · by {entry.actor?.fullName ?? 'a deleted account'}
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
  const { subscription, payments, invoices } = detail;
  return (
    <Section title="Plan and payments">
      {!subscription ? (
        <Text size="sm" c="dimmed">
          {detail.account.institute ? "Covered by the institute's plan." : 'No plan.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
          <Fact label="Plan">{subscription.planName}</Fact>
          <Fact label="Status">
            {subscription.status}
            {subscription.cancelAtPeriodEnd && subscription.status === 'active'
              ? ' (ends at period end)'
              : ''}
          </Fact>
          {subscription.trialEndsAt && <Fact label="Trial ends">{formatDate(subscription.trialEndsAt)}</Fact>}
          {subscription.currentPeriodEnd && (
            <Fact label="Period ends">{formatDate(subscription.currentPeriodEnd)}</Fact>
          )}
          {subscription.amount !== null && subscription.currency && (
            <Fact label="Price">
              {subscription.billingPeriod === 'grant'
                ? 'Granted (no payment)'
                : `${formatPrice(subscription.amount, subscription.currency)} / ${subscription.billingPeriod}`}
            </Fact>
          )}
        </SimpleGrid>
      )}
      {payments.length > 0 && (
        <Table.ScrollContainer minWidth={500} scrollAreaProps={scrollRegion('Payments')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Paid / tried</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{formatDateTime(payment.at)}</Table.Td>
                  <Table.Td>{payment.purpose}</Table.Td>
                  <Table.Td>{formatPrice(payment.amount, payment.currency)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={
                        payment.status === 'paid' ? 'green' : payment.status === 'failed' ? 'red' : 'gray'
                      }
                    >
                      {payment.status}
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
          Invoices:{' '}
          {invoices
            .map((invoice) => `${invoice.number} (${formatPrice(invoice.total, invoice.currency)})`)
            .join(', ')}
        </Text>
      )}
    </Section>
  );
}

function LearningSection({ detail }: { detail: PersonDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title={`Subscribed courses (${detail.subscriptions.length})`}>
        {detail.subscriptions.length === 0 ? (
          <Text c="dimmed" size="sm">
            Not subscribed to any course yet.
          </Text>
        ) : (
          <Stack gap={6}>
            {detail.subscriptions.map((entry) => (
              <Group key={entry.courseId} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {entry.title}
                </Text>
                <Text size="xs" c="dimmed">
                  since {formatDate(entry.subscribedAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Quiz results">
        {detail.quizResults.length === 0 ? (
          <Text c="dimmed" size="sm">
            No quiz submitted yet.
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
                  {result.percent === null ? 'Marking' : `${result.percent}%`}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
    </SimpleGrid>
  );
}
