import type { ReactNode } from 'react';
import type { PartnerBalanceRow } from '../../../common/contracts/partners';
import { formatCount } from '../../../common/words';
import { usePartnerBalances } from './api';
import { formatTotals } from './format';

/** A column another feature's table adds: a header and the cell of a row (by the account's id). */
export interface ExtraColumn {
  header: string;
  align?: 'right';
  cell: (row: { id: string }) => ReactNode;
}

/**
 * The referral columns of the admin's /partners list (sign-ups, paying, payable, pending), read from
 * GET /api/admin/partners/balances and joined to the people list's rows by id; a dash until they load.
 */
export function usePartnerBalanceColumns(): ExtraColumn[] {
  const balances = usePartnerBalances();
  const byId = new Map<string, PartnerBalanceRow>((balances.data ?? []).map((row) => [row.partnerId, row]));
  const of = (id: string) => byId.get(id);
  const count = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  return [
    { header: 'Sign-ups', align: 'right', cell: (row) => count(of(row.id)?.signUps) },
    { header: 'Paying', align: 'right', cell: (row) => count(of(row.id)?.paying) },
    { header: 'Payable', align: 'right', cell: (row) => formatTotals(of(row.id)?.payable ?? []) },
    { header: 'Pending', align: 'right', cell: (row) => formatTotals(of(row.id)?.pending ?? []) },
  ];
}
