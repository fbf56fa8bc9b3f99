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
import { useLocale, useT } from './i18n';

const switchSchema = z.object({ email: emailField });
// The charts library (recharts) is most of the page's weight: it loads after the figures, not before.
const DashboardCharts = lazy(() => import('./dashboard-charts'));
const DAY_MS = 24 * 60 * 60 * 1000;
const RANGES = ['30', '90', '180', '365'];

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
  const t = useT();
  const locale = useLocale();
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
  const money = (amount: number) => (figures ? formatPrice(amount, figures.currency, undefined, locale) : '');
  const points = (dashboard.data?.series.points ?? []).map((point) => ({
    at:
      dashboard.data?.series.bucket === 'month'
        ? formatMonth(point.at.slice(0, 7), { locale })
        : formatDate(point.at, { locale }),
    'Sign-ups': point.signUps,
    Revenue: point.revenue,
  }));

  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('nav.Dashboard')}
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
              label={t('dashboard.figure.teachers')}
              value={figures.people.teacher}
              to="/teachers?tab=teacher"
              testId="figure-teachers"
            />
            <Figure
              label={t('dashboard.figure.institutes')}
              value={figures.people.institute}
              to="/teachers?tab=institute"
            />
            <Figure
              label={t('dashboard.figure.students')}
              value={figures.people.student}
              to="/students"
              testId="figure-students"
            />
            <Figure label={t('dashboard.figure.partners')} value={figures.people.partner} to="/partners" />
            {/* Every role signs up; no one list holds them all, so this figure links nowhere. */}
            <Figure label={t('dashboard.figure.signUps30d')} value={figures.signUps30d} />
            <Figure
              label={t('dashboard.figure.activeLearners7d')}
              value={figures.activeLearners7d}
              to="/admin-report?tab=student"
            />
            <Figure
              label={t('dashboard.figure.onlineNow')}
              value={online ?? figures.onlineNow}
              testId="figure-online"
            />
            <Figure
              label={t('dashboard.figure.revenueThisMonth')}
              value={money(figures.revenueThisMonth)}
              to="/admin-report?tab=teacher"
            />
            <Figure
              label={t('dashboard.figure.mrr')}
              value={money(figures.mrr)}
              to="/teachers?tab=teacher&billing=paid"
            />
            <Figure
              label={t('dashboard.figure.coursesLive')}
              value={figures.coursesLive}
              to="/admin-report?tab=teacher"
            />
            <Figure
              label={t('dashboard.figure.coursesWaiting')}
              value={figures.coursesWaiting}
              to="/approvals"
              testId="dashboard-approvals"
            />
            <Figure
              label={t('dashboard.figure.guruSessions')}
              value={figures.guruSessionsThisMonth}
              to="/conversation-management"
            />
            <Figure label={t('dashboard.figure.renderedMinutes')} value={figures.renderedMinutesThisMonth} />
            <Figure label={t('dashboard.figure.openTickets')} value={figures.openTickets} to="/support" />
          </SimpleGrid>
        )}
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            {t('dashboard.overTime')}
          </Title>
          <SegmentedControl
            aria-label={t('dashboard.chartRange')}
            size="xs"
            value={range}
            onChange={setRange}
            data={RANGES.map((value) => ({ value, label: t(`dashboard.range.${value}`) }))}
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
  const t = useT();
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
      form.setFieldError('email', error instanceof Error ? error.message : t('dashboard.logInAs.failed'));
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text fw={600}>{t('dashboard.logInAs.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('dashboard.logInAs.text')}
          </Text>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('dashboard.logInAs.email')}
              placeholder={t('dashboard.logInAs.emailPlaceholder')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={form.submitting}>
              {t('dashboard.logInAs.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
