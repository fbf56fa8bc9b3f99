import {
  Alert,
  Button,
  Container,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  PEOPLE_SORTS,
  type PeopleRole,
  type PeopleSort,
  type PersonRow,
} from '../../../common/contracts/people';
import { countOf, formatCount } from '../../../common/words';
import { toast } from '../../app/toast';
import { useUrlFilters } from '../../app/use-url-filters';
import { DateField } from '../../components/date-field';
import { Pager } from '../../components/pager';
import { useLogInAs } from '../auth';
import { useAdminPlans } from '../plans';
import { EmptyCard, ExportButton } from '../reports';
import { useAccountDialogs } from './account-dialogs';
import { useAdminPeople } from './api';
import { type Columns, PeopleTable, type RowAction } from './people-table';

const PAGE_SIZE = 25;
const NOUNS: Record<PeopleRole, string> = {
  teacher: 'teachers',
  institute: 'institutes',
  student: 'students',
  partner: 'partners',
};
/** Each role's account page (SPEC §2: /view-teacher also shows institutes, from the Teachers item). */
export const VIEW_PAGE: Record<PeopleRole, string> = {
  teacher: '/view-teacher',
  institute: '/view-teacher',
  student: '/view-student',
  partner: '/view-partner',
};
const holdsPlan = (role: PeopleRole) => role === 'teacher' || role === 'institute';

/** The admin's list of one kind of account, filtered, sorted and paged on the server; its URL keeps the view. */
export function AdminPeopleList({
  title,
  roles,
  extraColumns,
  headerActions,
}: {
  title: string;
  roles: readonly PeopleRole[];
  /** Columns another feature adds to the table (the partners' referral figures). */
  extraColumns?: Columns['extra'];
  /** Buttons beside Export (the partners' "Commission rule"). */
  headerActions?: ReactNode;
}) {
  const { params, page, update } = useUrlFilters();
  const role = roles.find((value) => value === params.get('tab')) ?? roles[0];
  const navigate = useNavigate();
  const logInAs = useLogInAs();
  const search = params.get('search') ?? '';
  const [debounced] = useDebouncedValue(search, 300);
  const sortParam = params.get('sort');
  const sort: PeopleSort = PEOPLE_SORTS.find((value) => value === sortParam) ?? 'createdAt';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const filterKeys = ['status', 'billing', 'planId', 'instituteId', 'from', 'to'] as const;
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) || undefined]));
  const query = { role, search: debounced || undefined, sort, dir, ...filters };
  const list = useAdminPeople({ ...query, page, pageSize: PAGE_SIZE });
  const plans = useAdminPlans();
  const showInstitute = role === 'teacher' || role === 'student';
  const institutes = useAdminPeople({ role: 'institute', sort: 'name', dir: 'asc', pageSize: 100 });
  const dialogs = useAccountDialogs();
  const noun = NOUNS[role];
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(search) || filterKeys.some((key) => params.get(key));

  // Another tab is another list: its filters start afresh.
  const setTab = (tab: string | null) =>
    update({
      tab,
      ...Object.fromEntries([...filterKeys, 'search', 'sort', 'dir'].map((key) => [key, null])),
    });
  const actions: RowAction[] = [
    { label: 'View', onClick: (row) => navigate(`${VIEW_PAGE[role]}?id=${row.id}`) },
    {
      label: 'Log in as',
      hidden: (row) => !row.isActive,
      onClick: (row) => logInAs({ userId: row.id }).catch((error: Error) => toast('danger', error.message)),
    },
    {
      label: 'Send password reset link',
      hidden: (row) => !row.isActive,
      onClick: (row) => dialogs.open('password-reset', row),
    },
    {
      label: 'Extend trial',
      hidden: (row) => row.billing !== 'trial' && !(row.billing === 'ended' && row.trialDaysLeft === 0),
      onClick: (row) => dialogs.open('extend-trial', row),
    },
    {
      label: 'Grant a plan',
      hidden: (row) => !holdsPlan(row.userType as PeopleRole) || Boolean(row.institute),
      onClick: (row) => dialogs.open('grant-plan', row),
    },
    { label: 'Reactivate', hidden: (row) => row.isActive, onClick: (row) => dialogs.open('reactivate', row) },
    {
      label: 'Deactivate',
      color: 'red',
      hidden: (row) => !row.isActive,
      onClick: (row) => dialogs.open('deactivate', row),
    },
    { label: 'Erase account', color: 'red', onClick: (row) => dialogs.open('erase', row) },
  ];

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {list.data && (
              <Text c="dimmed" size="sm" data-testid="people-count">
                {formatCount(list.data.total)} of {countOf(list.data.counts.all, role, noun)}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {headerActions}
            <ExportButton path="/admin/people" query={query} />
          </Group>
        </Group>
        {roles.length > 1 && (
          <Tabs value={role} onChange={(value) => setTab(value)}>
            <Tabs.List>
              {roles.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {NOUNS[value][0].toUpperCase() + NOUNS[value].slice(1)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => update({ search: event.currentTarget.value })}
            w={{ base: '100%', sm: 260 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Status
            </Text>
            <SegmentedControl
              aria-label="Account status"
              value={params.get('status') ?? 'all'}
              onChange={(value) => update({ status: value === 'all' ? null : value })}
              data={[
                { value: 'all', label: `All${list.data ? ` ${list.data.counts.all}` : ''}` },
                { value: 'active', label: `Active${list.data ? ` ${list.data.counts.active}` : ''}` },
                {
                  value: 'deactivated',
                  label: `Deactivated${list.data ? ` ${list.data.counts.deactivated}` : ''}`,
                },
              ]}
            />
          </Stack>
          {holdsPlan(role) && (
            <>
              <Select
                label="Billing"
                placeholder="Any"
                clearable
                data={[
                  { value: 'trial', label: 'On trial' },
                  { value: 'paid', label: 'Paid' },
                  { value: 'ended', label: 'Ended' },
                ]}
                value={params.get('billing')}
                onChange={(value) => update({ billing: value })}
                w={{ base: '47%', sm: 140 }}
              />
              <Select
                label="Plan"
                placeholder="Any plan"
                clearable
                data={(plans.data?.plans ?? [])
                  .filter((plan) => plan.audience === role)
                  .map((plan) => ({
                    value: plan.id,
                    label: plan.status === 'retired' ? `${plan.name} (retired)` : plan.name,
                  }))}
                value={params.get('planId')}
                onChange={(value) => update({ planId: value })}
                w={{ base: '47%', sm: 200 }}
              />
            </>
          )}
          {showInstitute && (
            <Select
              label="Institute"
              placeholder="Any institute"
              clearable
              searchable
              data={(institutes.data?.rows ?? []).map((row) => ({ value: row.id, label: row.fullName }))}
              value={params.get('instituteId')}
              onChange={(value) => update({ instituteId: value })}
              w={{ base: '100%', sm: 220 }}
            />
          )}
          <DateField
            label="Signed up from"
            value={params.get('from') ?? ''}
            onChange={(from) => update({ from })}
            w={{ base: '47%', sm: 160 }}
          />
          <DateField
            label="to"
            aria-label="Signed up to"
            value={params.get('to') ?? ''}
            onChange={(to) => update({ to })}
            w={{ base: '47%', sm: 160 }}
          />
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => update(Object.fromEntries([...filterKeys, 'search'].map((key) => [key, null])))}
            >
              Clear filters
            </Button>
          )}
        </Group>
        {params.get('from') &&
          params.get('to') &&
          (params.get('from') as string) > (params.get('to') as string) && (
            <Alert color="yellow">The sign-up range starts after it ends: no one can match it.</Alert>
          )}
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending && <Skeleton h={320} />}
        {list.data?.total === 0 && (
          <EmptyCard
            title={filtered ? `No ${noun} match these filters.` : `No ${noun} yet`}
            hint={filtered ? 'Change or clear the filters.' : undefined}
          />
        )}
        {list.data && list.data.total > 0 && (
          <PeopleTable
            rows={list.data.rows}
            columns={{
              institute: showInstitute,
              plan: holdsPlan(role),
              courses: role === 'student' ? 'Courses' : role === 'partner' ? undefined : 'Courses owned',
              extra: extraColumns,
            }}
            sort={sort}
            dir={dir}
            onSort={(column, direction) => update({ sort: column, dir: direction })}
            hrefOf={(row: PersonRow) => `${VIEW_PAGE[role]}?id=${row.id}`}
            actions={actions}
          />
        )}
        <Pager page={page} total={totalPages} onChange={(value) => update({ page: String(value) }, false)} />
      </Stack>
      {dialogs.dialog}
    </Container>
  );
}
