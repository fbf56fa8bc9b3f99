import {
  Alert,
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../common/time';
import { StatusBadge } from '../courses';
import { type ApprovalTab, useApprovals } from './approval-api';
import { useLocale, useT } from './i18n';

const TABS: { value: ApprovalTab; labelKey: string }[] = [
  { value: 'waiting', labelKey: 'approvals.list.waiting' },
  { value: 'APPROVED', labelKey: 'approvals.list.approved' },
  { value: 'REJECTED', labelKey: 'approvals.list.rejected' },
];

/** The admin's queue: new submissions and re-approval requests, oldest first. */
export default function ApprovalsPage() {
  const t = useT();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((item) => item.value === params.get('status'))?.value ?? 'waiting') as ApprovalTab;
  const approvals = useApprovals(tab);
  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('approvals.list.title')}
        </Title>
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value && value !== 'waiting' ? { status: value } : {}, { replace: true })
          }
        >
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {t(item.labelKey)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {approvals.isPending && <Loader aria-label={t('approvals.list.loading')} />}
        {approvals.isError && <Alert color="red">{approvals.error.message}</Alert>}
        {approvals.data?.courses.length === 0 && (
          <Card withBorder padding="xl" ta="center">
            <Text c="dimmed">
              {tab === 'waiting' ? t('approvals.list.emptyWaiting') : t('approvals.list.empty')}
            </Text>
          </Card>
        )}
        {approvals.data && approvals.data.courses.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('approvals.list.course')}</Table.Th>
                  <Table.Th>{t('approvals.list.teacher')}</Table.Th>
                  <Table.Th>{t('approvals.list.request')}</Table.Th>
                  <Table.Th>{t('approvals.list.submitted')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {approvals.data.courses.map((course) => (
                  <Table.Tr key={course.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/view-approval?courseId=${course.id}`} fw={600}>
                        {course.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{course.ownerName}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <StatusBadge status={course.status} />
                        {course.status === 'PENDING_REAPPROVAL' && (
                          <Badge variant="outline" size="xs">
                            {t('approvals.list.changes')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDate(course.submittedAt, { locale })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
