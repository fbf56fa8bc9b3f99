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

const TABS: { value: ApprovalTab; label: string }[] = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];

/** The admin's queue: new submissions and re-approval requests, oldest first. */
export default function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.value === params.get('status'))?.value ?? 'waiting') as ApprovalTab;
  const approvals = useApprovals(tab);
  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          Approvals
        </Title>
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value && value !== 'waiting' ? { status: value } : {}, { replace: true })
          }
        >
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {approvals.isPending && <Loader aria-label="Loading approvals" />}
        {approvals.isError && <Alert color="red">{approvals.error.message}</Alert>}
        {approvals.data?.courses.length === 0 && (
          <Card withBorder padding="xl" ta="center">
            <Text c="dimmed">
              {tab === 'waiting'
                ? 'Nothing waiting for approval. New submissions appear here as they arrive.'
                : 'No courses here yet.'}
            </Text>
          </Card>
        )}
        {approvals.data && approvals.data.courses.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Course</Table.Th>
                  <Table.Th>Teacher</Table.Th>
                  <Table.Th>Request</Table.Th>
                  <Table.Th>Submitted</Table.Th>
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
                            changes
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDate(course.submittedAt)}</Table.Td>
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
