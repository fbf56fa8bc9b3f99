import { Alert } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { ApiError } from '../../app/api';
import type { StoredSession } from '../../app/storage';
import { useT } from './i18n';

/**
 * A teacher inside an institute has no plan or invoices of their own (SPEC §6): the server answers 403 to
 * those calls, so their pages do not make them and say why instead. Partners and admins are not "covered".
 */
export const coveredByInstitute = (session: StoredSession | null): boolean =>
  session?.userType === 'teacher' && Boolean(session.instituteId);

/** Whether an error is the server's 403 for such a teacher (a session from before they joined an institute). */
export const isCoveredRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403;

/** What a covered teacher sees where the plan's owner would see their plan or invoices. */
export function InstituteCoversNotice({ what }: { what: 'plan' | 'invoices' }) {
  const t = useT();
  return (
    <Alert color="blue" icon={<IconBuilding size={18} />} title={t('billing.covered.title')}>
      {t(what === 'plan' ? 'billing.covered.plan' : 'billing.covered.invoices')}
    </Alert>
  );
}
