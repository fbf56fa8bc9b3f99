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
import { rich, useLocale, useT } from './i18n';
import { PeopleTable, type RowAction } from './people-table';

const PAGE_SIZE = 25;
const CSV_TEMPLATE = 'data:text/csv;charset=utf-8,name,email%0D%0AAsha Rao,asha@example.com%0D%0A';

/** An institute's own teachers (/teacher-list) or students (/student-list): invite, import, enrol, remove. */
export function InstitutePeoplePage({ kind: role }: { kind: MemberRole }) {
  const t = useT();
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
      label: t('people.action.logInAs'),
      hidden: (row) => !row.isActive,
      onClick: (row) => logInAs({ userId: row.id }).catch((error: Error) => toast('danger', error.message)),
    },
    ...(role === 'student'
      ? [{ label: t('people.institute.enrol'), onClick: (row: PersonRow) => setEnrolling(row) }]
      : []),
    {
      label: t('people.institute.remove'),
      color: 'red',
      onClick: (row) =>
        confirmDestructive({
          title: t('people.institute.removeTitle', { name: row.fullName }),
          message: t(`people.institute.removeMessage.${role}`),
          confirmLabel: t('people.institute.removeConfirm'),
          onConfirm: () =>
            remove
              .mutateAsync(row.id)
              .then(() => toast('success', t('people.institute.removed', { name: row.fullName })))
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
              {t(`people.institute.title.${role}`)}
            </Title>
            {seats && (
              <Text c="dimmed" size="sm" data-testid="seats">
                {seats.limit === null
                  ? t(`people.institute.seatsUnlimited.${role}`, { count: seats.taken })
                  : t('people.institute.seats', { taken: String(seats.taken), count: seats.limit })}
              </Text>
            )}
          </div>
          <Group>
            <ExportButton path="/institute/people" query={query} />
            <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} onClick={importer.open}>
              {t('people.institute.importCsv')}
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
              {t(`people.institute.invite.${role}`)}
            </Button>
          </Group>
        </Group>
        <TextInput
          label={t('people.filter.search')}
          placeholder={t('people.filter.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => update({ search: event.currentTarget.value })}
          w={{ base: '100%', sm: 280 }}
        />
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending && <Skeleton h={240} />}
        {list.data?.total === 0 && (
          <EmptyCard
            title={search ? t(`people.institute.noMatch.${role}`) : t(`people.institute.none.${role}`)}
            hint={search ? t('people.institute.tryAnother') : t(`people.institute.inviteHint.${role}`)}
          />
        )}
        {list.data && list.data.total > 0 && (
          <PeopleTable
            rows={list.data.rows}
            columns={{
              courses: role === 'student' ? t('people.column.courses') : t('people.column.coursesOwned'),
            }}
            sort={sort}
            dir={dir}
            onSort={(column, direction) => update({ sort: column, dir: direction })}
            actions={actions}
          />
        )}
        <Pager page={page} total={totalPages} onChange={(value) => update({ page: String(value) }, false)} />
        <PendingInvites role={role} invites={invites.data?.invites ?? []} />
      </Stack>
      <Modal
        opened={inviting}
        onClose={invite.close}
        title={t(`people.institute.inviteTitle.${role}`)}
        centered
      >
        <InviteForm role={role} onDone={invite.close} />
      </Modal>
      <Modal
        opened={importing}
        onClose={importer.close}
        title={t(`people.institute.importTitle.${role}`)}
        size="lg"
        centered
      >
        <ImportForm role={role} />
      </Modal>
      <Modal
        opened={enrolling !== null}
        onClose={() => setEnrolling(null)}
        title={t('people.institute.enrol')}
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
  const t = useT();
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
      toast('success', t('people.invite.sent', { email: email.trim() }));
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
          {t('people.invite.hint')}
        </Text>
        <TextInput
          label={t('people.invite.email')}
          type="email"
          required
          {...form.getInputProps('email')}
          data-autofocus
        />
        <TextInput label={t('people.invite.name')} {...form.getInputProps('fullName')} />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            {t('people.invite.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImportForm({ role }: { role: MemberRole }) {
  const t = useT();
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
          {rich('people.import.help', { max: String(IMPORT_MAX_ROWS), b: (chunks) => <b>{chunks}</b> })}{' '}
          <Anchor href={CSV_TEMPLATE} download={`${role}s-template.csv`}>
            {t('people.import.template')}
          </Anchor>
        </Text>
        <FileInput
          label={t('people.import.file')}
          placeholder={t('people.import.choose')}
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
              {t('people.import.report', {
                invited: String(report.invited),
                refused: String(report.refused),
              })}
            </Alert>
            {report.refused > 0 && (
              <Table.ScrollContainer minWidth={400}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('people.import.line')}</Table.Th>
                      <Table.Th>{t('people.import.email')}</Table.Th>
                      <Table.Th>{t('people.import.why')}</Table.Th>
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
            {t('people.import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EnrolForm({ student, onDone }: { student: PersonRow; onDone: () => void }) {
  const t = useT();
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
        enrolled ? t('people.enrol.enrolled', { name: student.fullName }) : t('people.enrol.already'),
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
          <Alert color="gray">{t('people.enrol.noCourse')}</Alert>
        ) : (
          <Select
            label={t('people.enrol.course')}
            placeholder={t('people.enrol.choose')}
            data={choices}
            value={courseId}
            onChange={setCourseId}
            searchable
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!courseId} loading={enrol.isPending}>
            {t('people.enrol.submit')}
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
  const t = useT();
  const locale = useLocale();
  const revoke = useRevokeInvite();
  const resend = useInvite();
  if (invites.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="pending-invites">
      <Title order={2} size="h4" mb="sm">
        {t('people.pending.title', { count: invites.length })}
      </Title>
      <Stack gap={6}>
        {invites.map((invite) => (
          <Group key={invite.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              {invite.fullName ? `${invite.fullName} · ` : ''}
              {invite.email}{' '}
              <Text span c="dimmed" size="xs">
                {t('people.pending.sent', { date: formatDate(invite.createdAt, { locale }) })}
              </Text>
            </Text>
            <Group gap="xs">
              {invite.expired && (
                <>
                  <Badge color="gray">{t('people.pending.expired')}</Badge>
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
                        .then(() => toast('success', t('people.pending.sentAgain', { email: invite.email })))
                        .catch((error: Error) => toast('danger', error.message))
                    }
                  >
                    {t('people.pending.sendAgain')}
                  </Button>
                </>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() =>
                  confirmDestructive({
                    title: t('people.pending.withdrawTitle', { email: invite.email }),
                    message: t('people.pending.withdrawMessage'),
                    confirmLabel: t('people.pending.withdraw'),
                    onConfirm: () =>
                      revoke
                        .mutateAsync(invite.id)
                        .then(() => toast('success', t('people.pending.withdrawn')))
                        .catch((error: Error) => toast('danger', error.message)),
                  })
                }
              >
                {t('people.pending.withdraw')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
