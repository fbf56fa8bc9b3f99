import type { ReactNode } from 'react';
import type { PartnerBalanceRow } from '../../../common/contracts/partners';
import { formatCount } from '../../../common/words';
import { usePartnerBalances } from './api';
import { formatTotals } from './format';
import { useLocale, useT } from './i18n';

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
  const t = useT();
  const locale = useLocale();
  const byId = new Map<string, PartnerBalanceRow>((balances.data ?? []).map((row) => [row.partnerId, row]));
  const of = (id: string) => byId.get(id);
  const count = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  return [
    { header: t('partners.signUps'), align: 'right', cell: (row) => count(of(row.id)?.signUps) },
    { header: t('partners.paying'), align: 'right', cell: (row) => count(of(row.id)?.paying) },
    {
      header: t('partners.payable'),
      align: 'right',
      cell: (row) => formatTotals(of(row.id)?.payable ?? [], undefined, locale),
    },
    {
      header: t('partners.pending'),
      align: 'right',
      cell: (row) => formatTotals(of(row.id)?.pending ?? [], undefined, locale),
    },
  ];
}
