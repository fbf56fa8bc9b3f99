import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailField } from '../../../common/contracts/fields';
import { formatPrice } from '../../../common/money';
import { formatDate, formatMonth } from '../../../common/time';
import { formatCount } from '../../../common/words';
import { commitValidation, zodValidate } from '../../app/forms';
import { onSocketEvent } from '../../app/socket';
import { useLogInAs } from '../auth';
import { DeveloperAccessCard } from '../logs';
import { useDashboard } from '../people';

const switchSchema = z.object({ email: emailField });
// The charts library (recharts) is most of the page's weight: it loads after the figures, not before.
const DashboardCharts = lazy(() => import('./dashboard-charts'));
const DAY_MS = 24 * 60 * 60 * 1000;
const RANGES = [
  { value: '30', label: '30 d' },
  { value: '90', label: '90 d' },
  { value: '180', label: '6 mo' },
  { value: '365', label: '12 mo' },
];

function Figure({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: string | number;
  to?: string;
  testId?: string;
}) {
  const body = (
    <Card withBorder padding="md" h="100%">
      <Text c="dimmed" size="sm">
        {label}
      </Text>{' '}
      <Text fz="clamp(20px, 5vw, 30px)" fw={800} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {typeof value === 'number' ? formatCount(value) : value}
      </Text>
    </Card>
  );
  // A linked figure is named by what it shows ("Teachers 22", as formatted): no label of its own (WCAG 2.5.3).
  return to ? (
    <UnstyledButton component={Link} to={to}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/** The admin's home: live figures of the platform, each linking to the list behind it, and sign-ups and revenue over time. */
export default function DashboardPage() {
  const [range, setRange] = useState('180');
  const from = new Date(Date.now() - Number(range) * DAY_MS).toISOString().slice(0, 10);
  const dashboard = useDashboard({ from });
  const [online, setOnline] = useState<number | null>(null);
  // Presence is pushed to admins as people come and go; the figure follows without a reload.
  useEffect(
    () => onSocketEvent('onlineUsers', (payload) => setOnline((payload as { count: number }).count)),
    [],
  );
  const figures = dashboard.data?.figures;
  const money = (amount: number) => (figures ? formatPrice(amount, figures.currency) : '');
  const points = (dashboard.data?.series.points ?? []).map((point) => ({
    at: dashboard.data?.series.bucket === 'month' ? formatMonth(point.at.slice(0, 7)) : formatDate(point.at),
    'Sign-ups': point.signUps,
    Revenue: point.revenue,
  }));

  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        {dashboard.isError && (
          <Alert color="red" data-testid="dashboard-error">
            {dashboard.error.message}
          </Alert>
        )}
        {dashboard.isError ? null : !figures ? (
          <Skeleton h={260} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
            <Figure
              label="Teachers"
              value={figures.people.teacher}
              to="/teachers?tab=teacher"
              testId="figure-teachers"
            />
            <Figure label="Institutes" value={figures.people.institute} to="/teachers?tab=institute" />
            <Figure label="Students" value={figures.people.student} to="/students" testId="figure-students" />
            <Figure label="Partners" value={figures.people.partner} to="/partners" />
            {/* Every role signs up; no one list holds them all, so this figure links nowhere. */}
            <Figure label="Sign-ups, last 30 days (all roles)" value={figures.signUps30d} />
            <Figure
              label="Learners active, last 7 days"
              value={figures.activeLearners7d}
              to="/admin-report?tab=student"
            />
            <Figure label="Online now" value={online ?? figures.onlineNow} testId="figure-online" />
            <Figure
              label="Revenue this month"
              value={money(figures.revenueThisMonth)}
              to="/admin-report?tab=teacher"
            />
            <Figure label="MRR" value={money(figures.mrr)} to="/teachers?tab=teacher&billing=paid" />
            <Figure label="Courses live" value={figures.coursesLive} to="/admin-report?tab=teacher" />
            <Figure
              label="Waiting for approval"
              value={figures.coursesWaiting}
              to="/approvals"
              testId="dashboard-approvals"
            />
            <Figure
              label="Guru sessions this month"
              value={figures.guruSessionsThisMonth}
              to="/conversation-management"
            />
            <Figure label="Rendered minutes this month" value={figures.renderedMinutesThisMonth} />
            <Figure label="Open support tickets" value={figures.openTickets} to="/support" />
          </SimpleGrid>
        )}
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            Over time
          </Title>
          <SegmentedControl
            aria-label="Chart range"
            size="xs"
            value={range}
            onChange={setRange}
            data={RANGES}
          />
        </Group>
        <Suspense fallback={<Skeleton h={300} />}>
          <DashboardCharts
            points={points}
            currency={figures?.currency ?? 'INR'}
            monthly={dashboard.data?.series.bucket === 'month'}
          />
        </Suspense>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <LogInAsCard />
          <DeveloperAccessCard />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** "Log in as" by e-mail, for someone the admin has not looked up in a list. */
function LogInAsCard() {
  const logInAs = useLogInAs();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(switchSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async ({ email }) => {
    try {
      await logInAs({ email: email.trim().toLowerCase() });
    } catch (error) {
      form.setFieldError('email', error instanceof Error ? error.message : 'Could not switch');
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text fw={600}>Log in as another user</Text>
          <Text size="sm" c="dimmed">
            Act as a teacher, institute, student, partner or developer to help them. Every switch is recorded.
          </Text>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label="Email of the user"
              placeholder="user@example.com"
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={form.submitting}>
              Log in as
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
