import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Indicator,
  Menu,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDots, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PeopleSort, PersonRow } from '../../../common/contracts/people';
import { formatDate, formatDateTime } from '../../../common/time';
import { useLocale, useT } from './i18n';

export interface RowAction {
  label: string;
  icon?: ReactNode;
  color?: string;
  hidden?: (row: PersonRow) => boolean;
  onClick: (row: PersonRow) => void;
}

const BILLING_COLORS = { trial: 'yellow', paid: 'green', ended: 'red', none: 'gray' } as const;

export function BillingBadge({ row }: { row: Pick<PersonRow, 'billing' | 'trialDaysLeft'> }) {
  const t = useT();
  if (row.billing === 'none') return null;
  const label =
    row.billing === 'trial'
      ? t('people.billing.trial', { count: row.trialDaysLeft ?? 0 })
      : row.billing === 'paid'
        ? t('people.billing.paid')
        : t('people.billing.ended');
  return (
    <Badge variant="light" color={BILLING_COLORS[row.billing]}>
      {label}
    </Badge>
  );
}

export function StatusBadge({ isActive }: { isActive: boolean }) {
  const t = useT();
  return (
    <Badge variant="dot" color={isActive ? 'green' : 'red'}>
      {isActive ? t('people.status.active') : t('people.status.deactivated')}
    </Badge>
  );
}

/** A green dot while the person has the app open (presence), grey otherwise. */
export function PresenceDot({ online }: { online: boolean }) {
  const t = useT();
  const label = online ? t('people.presence.online') : t('people.presence.offline');
  return (
    <Indicator
      color={online ? 'green' : 'gray.4'}
      size={8}
      position="middle-start"
      processing={online}
      role="img"
      aria-label={label}
      title={label}
    >
      <span style={{ display: 'inline-block', width: 8 }} />
    </Indicator>
  );
}

/** A name with its presence dot. */
export function NameWithPresence({ row, href }: { row: PersonRow; href?: string }) {
  const name = href ? (
    <Anchor component={Link} to={href} fw={600}>
      {row.fullName}
    </Anchor>
  ) : (
    <Text fw={600}>{row.fullName}</Text>
  );
  return (
    <Group gap={8} wrap="nowrap">
      <PresenceDot online={row.online} />
      {name}
    </Group>
  );
}

function SortHeader({
  label,
  column,
  sort,
  dir,
  onSort,
  visibleFrom,
}: {
  label: string;
  column: PeopleSort;
  sort: PeopleSort;
  dir: 'asc' | 'desc';
  onSort: (column: PeopleSort, dir: 'asc' | 'desc') => void;
  visibleFrom?: string;
}) {
  const active = sort === column;
  const Icon = !active ? IconSelector : dir === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      visibleFrom={visibleFrom}
    >
      <UnstyledButton
        onClick={() => onSort(column, active && dir === 'asc' ? 'desc' : 'asc')}
        style={{ display: 'flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {label} <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}

export interface Columns {
  institute?: boolean;
  plan?: boolean;
  courses?: string;
  /** Columns another feature adds before Status (the partners' referral figures). */
  extra?: { header: string; align?: 'right'; cell: (row: PersonRow) => ReactNode }[];
}

/** A cell's text cut to its width with an ellipsis; the whole text on hover (title) and for screen readers. */
function Truncated({ text, width }: { text: string; width: number }) {
  return (
    <Text size="sm" truncate="end" maw={width} title={text}>
      {text}
    </Text>
  );
}

/**
 * A people list: sortable by name, e-mail, sign-up and last login; each row's actions in a menu. It fits a
 * 1280 px screen beside the navigation (Status and the actions included): long e-mails are cut with their
 * whole text on hover, the plan's badge and the last login's time wrap under them, and with many columns the
 * last login waits for a wider screen. On a phone the table scrolls sideways in its box.
 */
export function PeopleTable({
  rows,
  columns,
  sort,
  dir,
  onSort,
  hrefOf,
  actions,
}: {
  rows: PersonRow[];
  columns: Columns;
  sort: PeopleSort;
  dir: 'asc' | 'desc';
  onSort: (column: PeopleSort, dir: 'asc' | 'desc') => void;
  hrefOf?: (row: PersonRow) => string;
  actions: RowAction[];
}) {
  const t = useT();
  const locale = useLocale();
  const header = { sort, dir, onSort };
  // Column priorities: with three or more optional columns (the teachers' institute, plan and courses; the
  // partners' figures) the last login waits for a wide screen (1408 px), so Status and the actions fit 1280.
  const optional =
    Number(Boolean(columns.institute)) +
    Number(Boolean(columns.plan)) +
    Number(Boolean(columns.courses)) +
    (columns.extra?.length ?? 0);
  const lastLoginFrom = optional >= 3 ? 'xl' : undefined;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="people-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('people.table.name')} column="name" {...header} />
            <SortHeader label={t('people.table.email')} column="email" {...header} />
            {columns.institute && <Table.Th>{t('people.table.institute')}</Table.Th>}
            {columns.plan && <Table.Th>{t('people.table.plan')}</Table.Th>}
            {columns.courses && <Table.Th>{columns.courses}</Table.Th>}
            {columns.extra?.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
            <SortHeader label={t('people.table.signedUp')} column="createdAt" {...header} />
            <SortHeader
              label={t('people.table.lastLogin')}
              column="lastLoginAt"
              {...header}
              visibleFrom={lastLoginFrom}
            />
            <Table.Th>{t('people.table.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('people.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <NameWithPresence row={row} href={hrefOf?.(row)} />
              </Table.Td>
              <Table.Td>
                <Truncated text={row.email} width={200} />
              </Table.Td>
              {columns.institute && (
                <Table.Td>
                  <Truncated text={row.institute?.fullName ?? '—'} width={160} />
                </Table.Td>
              )}
              {columns.plan && (
                <Table.Td>
                  <Group gap={4}>
                    <Text size="sm">{row.planName ?? '—'}</Text>
                    <BillingBadge row={row} />
                  </Group>
                </Table.Td>
              )}
              {columns.courses && <Table.Td>{row.courses}</Table.Td>}
              {columns.extra?.map((column) => (
                <Table.Td key={column.header} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt, { locale })}</Table.Td>
              <Table.Td visibleFrom={lastLoginFrom} miw={110}>
                {formatDateTime(row.lastLoginAt, { locale })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge isActive={row.isActive} />
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('people.table.actionsFor', { name: row.fullName })}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {actions
                      .filter((action) => !action.hidden?.(row))
                      .map((action) => (
                        <Menu.Item
                          key={action.label}
                          leftSection={action.icon}
                          color={action.color}
                          onClick={() => action.onClick(row)}
                        >
                          {action.label}
                        </Menu.Item>
                      ))}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
