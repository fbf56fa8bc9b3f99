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
import { toast } from '../../app/toast';
import { useUrlFilters } from '../../app/use-url-filters';
import { DateField } from '../../components/date-field';
import { Pager } from '../../components/pager';
import { useLogInAs } from '../auth';
import { useAdminPlans } from '../plans';
import { EmptyCard, ExportButton } from '../reports';
import { useAccountDialogs } from './account-dialogs';
import { useAdminPeople } from './api';
import { useT } from './i18n';
import { type Columns, PeopleTable, type RowAction } from './people-table';

const PAGE_SIZE = 25;
/** Each role's list as a tab: people.page.<plural>. */
const TAB_KEYS: Record<PeopleRole, string> = {
  teacher: 'people.page.teachers',
  institute: 'people.page.institutes',
  student: 'people.page.students',
  partner: 'people.page.partners',
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
  const t = useT();
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
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(search) || filterKeys.some((key) => params.get(key));

  // Another tab is another list: its filters start afresh.
  const setTab = (tab: string | null) =>
    update({
      tab,
      ...Object.fromEntries([...filterKeys, 'search', 'sort', 'dir'].map((key) => [key, null])),
    });
  const actions: RowAction[] = [
    { label: t('people.action.view'), onClick: (row) => navigate(`${VIEW_PAGE[role]}?id=${row.id}`) },
    {
      label: t('people.action.logInAs'),
      hidden: (row) => !row.isActive,
      onClick: (row) => logInAs({ userId: row.id }).catch((error: Error) => toast('danger', error.message)),
    },
    {
      label: t('people.action.sendReset'),
      hidden: (row) => !row.isActive,
      onClick: (row) => dialogs.open('password-reset', row),
    },
    {
      label: t('people.action.extendTrial'),
      hidden: (row) => row.billing !== 'trial' && !(row.billing === 'ended' && row.trialDaysLeft === 0),
      onClick: (row) => dialogs.open('extend-trial', row),
    },
    {
      label: t('people.action.grantPlan'),
      hidden: (row) => !holdsPlan(row.userType as PeopleRole) || Boolean(row.institute),
      onClick: (row) => dialogs.open('grant-plan', row),
    },
    {
      label: t('people.action.reactivate'),
      hidden: (row) => row.isActive,
      onClick: (row) => dialogs.open('reactivate', row),
    },
    {
      label: t('people.action.deactivate'),
      color: 'red',
      hidden: (row) => !row.isActive,
      onClick: (row) => dialogs.open('deactivate', row),
    },
    { label: t('people.action.erase'), color: 'red', onClick: (row) => dialogs.open('erase', row) },
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
                {t(`people.admin.count.${role}`, { shown: list.data.total, count: list.data.counts.all })}
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
                  {t(TAB_KEYS[value])}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('people.filter.search')}
            placeholder={t('people.filter.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => update({ search: event.currentTarget.value })}
            w={{ base: '100%', sm: 260 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('people.filter.status')}
            </Text>
            <SegmentedControl
              aria-label={t('people.filter.accountStatus')}
              value={params.get('status') ?? 'all'}
              onChange={(value) => update({ status: value === 'all' ? null : value })}
              data={[
                {
                  value: 'all',
                  label: list.data
                    ? t('people.filter.allCount', { count: String(list.data.counts.all) })
                    : t('people.filter.all'),
                },
                {
                  value: 'active',
                  label: list.data
                    ? t('people.filter.activeCount', { count: String(list.data.counts.active) })
                    : t('people.filter.active'),
                },
                {
                  value: 'deactivated',
                  label: list.data
                    ? t('people.filter.deactivatedCount', { count: String(list.data.counts.deactivated) })
                    : t('people.filter.deactivated'),
                },
              ]}
            />
          </Stack>
          {holdsPlan(role) && (
            <>
              <Select
                label={t('people.filter.billing')}
                placeholder={t('people.filter.any')}
                clearable
                data={[
                  { value: 'trial', label: t('people.filter.onTrial') },
                  { value: 'paid', label: t('people.filter.paid') },
                  { value: 'ended', label: t('people.filter.ended') },
                ]}
                value={params.get('billing')}
                onChange={(value) => update({ billing: value })}
                w={{ base: '47%', sm: 140 }}
              />
              <Select
                label={t('people.filter.plan')}
                placeholder={t('people.filter.anyPlan')}
                clearable
                data={(plans.data?.plans ?? [])
                  .filter((plan) => plan.audience === role)
                  .map((plan) => ({
                    value: plan.id,
                    label:
                      plan.status === 'retired' ? t('people.filter.retired', { name: plan.name }) : plan.name,
                  }))}
                value={params.get('planId')}
                onChange={(value) => update({ planId: value })}
                w={{ base: '47%', sm: 200 }}
              />
            </>
          )}
          {showInstitute && (
            <Select
              label={t('people.filter.institute')}
              placeholder={t('people.filter.anyInstitute')}
              clearable
              searchable
              data={(institutes.data?.rows ?? []).map((row) => ({ value: row.id, label: row.fullName }))}
              value={params.get('instituteId')}
              onChange={(value) => update({ instituteId: value })}
              w={{ base: '100%', sm: 220 }}
            />
          )}
          <DateField
            label={t('people.filter.from')}
            value={params.get('from') ?? ''}
            onChange={(from) => update({ from })}
            w={{ base: '47%', sm: 160 }}
          />
          <DateField
            label={t('people.filter.to')}
            aria-label={t('people.filter.toLabel')}
            value={params.get('to') ?? ''}
            onChange={(to) => update({ to })}
            w={{ base: '47%', sm: 160 }}
          />
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => update(Object.fromEntries([...filterKeys, 'search'].map((key) => [key, null])))}
            >
              {t('people.filter.clear')}
            </Button>
          )}
        </Group>
        {params.get('from') &&
          params.get('to') &&
          (params.get('from') as string) > (params.get('to') as string) && (
            <Alert color="yellow">{t('people.filter.badRange')}</Alert>
          )}
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending && <Skeleton h={320} />}
        {list.data?.total === 0 && (
          <EmptyCard
            title={filtered ? t(`people.admin.noMatch.${role}`) : t(`people.admin.none.${role}`)}
            hint={filtered ? t('people.admin.clearHint') : undefined}
          />
        )}
        {list.data && list.data.total > 0 && (
          <PeopleTable
            rows={list.data.rows}
            columns={{
              institute: showInstitute,
              plan: holdsPlan(role),
              courses:
                role === 'student'
                  ? t('people.column.courses')
                  : role === 'partner'
                    ? undefined
                    : t('people.column.coursesOwned'),
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
