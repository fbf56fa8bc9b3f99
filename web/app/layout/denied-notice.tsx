import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n';

/** What the guard put in the history entry when it sent someone home from a page of other roles. */
export interface DeniedState {
  deniedNotice: string;
}

const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as DeniedState).deniedNotice === 'string'
    ? (state as DeniedState).deniedNotice
    : null;

/**
 * Tells why this page opened instead of the one asked for (common/guard.ts deniedNotice), until closed or the
 * person moves on: a redirect never happens without a word.
 */
export function DeniedNotice() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  return (
    <Alert
      color="yellow"
      mb="md"
      role="status"
      data-testid="denied-notice"
      withCloseButton
      closeButtonLabel={t('shell.dismiss')}
      onClose={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    >
      {notice}
    </Alert>
  );
}
