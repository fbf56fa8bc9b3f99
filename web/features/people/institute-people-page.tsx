import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  FileInput,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconFileTypeCsv, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  IMPORT_MAX_ROWS,
  type ImportReport,
  inviteSchema,
  type MemberRole,
  PEOPLE_SORTS,
  type PeopleSort,
  type PersonRow,
} from '../../../common/contracts/people';
import { formatDate } from '../../../common/time';
import { countOf } from '../../../common/words';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useUrlFilters } from '../../app/use-url-filters';
import { confirmDestructive } from '../../components/confirm-destructive';
import { Pager } from '../../components/pager';
import { useLogInAs } from '../auth';
import { EmptyCard, ExportButton } from '../reports';
import {
  useEnrol,
  useImport,
  useInstituteCourses,
  useInstitutePeople,
  useInvite,
  useInvites,
  useRemoveMember,
  useRevokeInvite,
} from './api';
import { PeopleTable, type RowAction } from './people-table';

const PAGE_SIZE = 25;
const CSV_TEMPLATE = 'data:text/csv;charset=utf-8,name,email%0D%0AAsha Rao,asha@example.com%0D%0A';

/** An institute's own teachers (/teacher-list) or students (/student-list): invite, import, enrol, remove. */
export function InstitutePeoplePage({ kind: role }: { kind: MemberRole }) {
  const member = role === 'teacher' ? 'teacher' : 'student';
  const noun = role === 'teacher' ? 'teachers' : 'students';
  const { params, page, update } = useUrlFilters();
  const search = params.get('search') ?? '';
  const [debounced] = useDebouncedValue(search, 300);
  const sortParam = params.get('sort');
  const sort: PeopleSort = PEOPLE_SORTS.find((value) => value === sortParam) ?? 'name';
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const query = { role, search: debounced || undefined, sort, dir };
  const list = useInstitutePeople({ ...query, page, pageSize: PAGE_SIZE });
  const invites = useInvites(role);
  const seats = invites.data?.seats[role];
  const logInAs = useLogInAs();
  const remove = useRemoveMember();
  const [inviting, invite] = useDisclosure(false);
  const [importing, importer] = useDisclosure(false);
  const [enrolling, setEnrolling] = useState<PersonRow | null>(null);
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  const actions: RowAction[] = [
    {
      label: 'Log in as',
      hidden: (row) => !row.isActive,
      onClick: (row) => logInAs({ userId: row.id }).catch((error: Error) => toast('danger', error.message)),
    },
    ...(role === 'student'
      ? [{ label: 'Enrol in a course', onClick: (row: PersonRow) => setEnrolling(row) }]
      : []),
    {
      label: 'Remove from institute',
      color: 'red',
      onClick: (row) =>
        confirmDestructive({
          title: `Remove ${row.fullName}?`,
          message:
            role === 'teacher'
              ? 'They keep their account and their courses, but leave your institute and its plan (they start a trial of their own).'
              : 'They keep their account and their courses, but leave your institute.',
          confirmLabel: 'Remove',
          onConfirm: () =>
            remove
              .mutateAsync(row.id)
              .then(() => toast('success', `${row.fullName} removed from your institute`))
              .catch((error: Error) => toast('danger', error.message)),
        }),
    },
  ];

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {role === 'teacher' ? 'Teachers' : 'Students'}
            </Title>
            {seats && (
              <Text c="dimmed" size="sm" data-testid="seats">
                {seats.limit === null
                  ? `${countOf(seats.taken, member)} (invitations included) · no seat limit on your plan`
                  : `${seats.taken} of ${countOf(seats.limit, 'seat')} used (invitations included)`}
              </Text>
            )}
          </div>
          <Group>
            <ExportButton path="/institute/people" query={query} />
            <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} onClick={importer.open}>
              Import CSV
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
              Invite {role}
            </Button>
          </Group>
        </Group>
        <TextInput
          label="Search"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => update({ search: event.currentTarget.value })}
          w={{ base: '100%', sm: 280 }}
        />
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending && <Skeleton h={240} />}
        {list.data?.total === 0 && (
          <EmptyCard
            title={search ? `No ${noun} match.` : `No ${noun} yet`}
            hint={search ? 'Try another search.' : `Invite ${noun} by e-mail or import a CSV list.`}
          />
        )}
        {list.data && list.data.total > 0 && (
          <PeopleTable
            rows={list.data.rows}
            columns={{ courses: role === 'student' ? 'Courses' : 'Courses owned' }}
            sort={sort}
            dir={dir}
            onSort={(column, direction) => update({ sort: column, dir: direction })}
            actions={actions}
          />
        )}
        <Pager page={page} total={totalPages} onChange={(value) => update({ page: String(value) }, false)} />
        <PendingInvites role={role} invites={invites.data?.invites ?? []} />
      </Stack>
      <Modal opened={inviting} onClose={invite.close} title={`Invite a ${role}`} centered>
        <InviteForm role={role} onDone={invite.close} />
      </Modal>
      <Modal opened={importing} onClose={importer.close} title={`Import ${noun} from CSV`} size="lg" centered>
        <ImportForm role={role} />
      </Modal>
      <Modal
        opened={enrolling !== null}
        onClose={() => setEnrolling(null)}
        title="Enrol in a course"
        centered
      >
        {enrolling && <EnrolForm student={enrolling} onDone={() => setEnrolling(null)} />}
      </Modal>
    </Container>
  );
}

/** The invitation's own schema, as the server checks it. */
const validateInvite = zodValidate(inviteSchema);

function InviteForm({ role, onDone }: { role: MemberRole; onDone: () => void }) {
  const send = useInvite();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', fullName: '' },
    validate: (values) => validateInvite({ ...values, userType: role }),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async ({ email, fullName }) => {
    try {
      await send.mutateAsync({ email, fullName: fullName || undefined, userType: role });
      toast('success', `Invitation sent to ${email.trim()}`);
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      form.setErrors(fields.email ? fields : { email: (error as Error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          They get an e-mail with a link valid for 14 days: a new person signs up from it, someone with an
          account logs in and accepts.
        </Text>
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} data-autofocus />
        <TextInput label="Name (optional)" {...form.getInputProps('fullName')} />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImportForm({ role }: { role: MemberRole }) {
  const upload = useImport();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setFailure(null);
    try {
      setReport(await upload.mutateAsync({ file, role }));
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          One person per line with a column named <b>email</b> and, if you like, <b>name</b> (and <b>role</b>{' '}
          to mix teachers and students). Up to {IMPORT_MAX_ROWS} lines.{' '}
          <Anchor href={CSV_TEMPLATE} download={`${role}s-template.csv`}>
            Download a template
          </Anchor>
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(value) => {
            setFile(value);
            setReport(null);
          }}
          clearable
        />
        {failure && <Alert color="red">{failure}</Alert>}
        {report && (
          <Stack gap="xs" data-testid="import-report">
            <Alert color={report.refused ? 'yellow' : 'green'}>
              {report.invited} invited, {report.refused} refused.
            </Alert>
            {report.refused > 0 && (
              <Table.ScrollContainer minWidth={400}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Why it was refused</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.rows
                      .filter((row) => row.outcome === 'refused')
                      .map((row) => (
                        <Table.Tr key={row.line}>
                          <Table.Td>{row.line}</Table.Td>
                          <Table.Td>{row.email || '—'}</Table.Td>
                          <Table.Td>{row.reason}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!file} loading={upload.isPending}>
            Import and send invitations
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EnrolForm({ student, onDone }: { student: PersonRow; onDone: () => void }) {
  const courses = useInstituteCourses(true);
  const enrol = useEnrol();
  const [courseId, setCourseId] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!courseId) return;
    try {
      const { enrolled } = await enrol.mutateAsync({ userId: student.id, courseId });
      toast(
        enrolled ? 'success' : 'info',
        enrolled ? `${student.fullName} enrolled` : 'Already enrolled in this course',
      );
      onDone();
    } catch (error) {
      toast('danger', (error as Error).message);
    }
  };
  const choices = (courses.data?.courses ?? []).map((course) => ({ value: course.id, label: course.title }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{student.fullName}</Text>
        {courses.data && choices.length === 0 ? (
          <Alert color="gray">No live course yet: a course can be enrolled in once it is approved.</Alert>
        ) : (
          <Select
            label="Course"
            placeholder="Choose a course"
            data={choices}
            value={courseId}
            onChange={setCourseId}
            searchable
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!courseId} loading={enrol.isPending}>
            Enrol
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PendingInvites({
  role,
  invites,
}: {
  role: MemberRole;
  invites: { id: string; email: string; fullName: string; createdAt: string; expired: boolean }[];
}) {
  const revoke = useRevokeInvite();
  const resend = useInvite();
  if (invites.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="pending-invites">
      <Title order={2} size="h4" mb="sm">
        Invitations waiting ({invites.length})
      </Title>
      <Stack gap={6}>
        {invites.map((invite) => (
          <Group key={invite.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              {invite.fullName ? `${invite.fullName} · ` : ''}
              {invite.email}{' '}
              <Text span c="dimmed" size="xs">
                sent {formatDate(invite.createdAt)}
              </Text>
            </Text>
            <Group gap="xs">
              {invite.expired && (
                <>
                  <Badge color="gray">Expired</Badge>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      resend
                        .mutateAsync({
                          email: invite.email,
                          fullName: invite.fullName || undefined,
                          userType: role,
                        })
                        .then(() => toast('success', `Invitation sent again to ${invite.email}`))
                        .catch((error: Error) => toast('danger', error.message))
                    }
                  >
                    Send again
                  </Button>
                </>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() =>
                  confirmDestructive({
                    title: `Withdraw the invitation to ${invite.email}?`,
                    message: 'The link in their e-mail stops working. You can invite them again later.',
                    confirmLabel: 'Withdraw',
                    onConfirm: () =>
                      revoke
                        .mutateAsync(invite.id)
                        .then(() => toast('success', 'Invitation withdrawn'))
                        .catch((error: Error) => toast('danger', error.message)),
                  })
                }
              >
                Withdraw
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
