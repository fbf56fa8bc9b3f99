import { Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { EMAIL_PATTERN } from '../../../common/contracts/fields';
import type { SsoOptions } from '../../../common/contracts/sso';
import { useT } from '../../app/i18n';
import { schoolSignInRequest, ssoStartUrl } from './sso-api';

/**
 * The login page's single sign-on buttons (decision 073): Google and Microsoft once the admin set them, and
 * "your school account" when any institute signs its people in with its own issuer (found by the address typed).
 * Each leaves for the server's start route. Loaded by the login page only when one is offered (sso-choice.tsx).
 */
export default function SsoButtons({
  offered,
  email,
  remember,
  onEmailProblem,
}: {
  offered: SsoOptions;
  email: string;
  remember: boolean;
  /** What is wrong with the address for a school sign-in, said under the Email field. */
  onEmailProblem: (message: string) => void;
}) {
  const t = useT();
  const [finding, setFinding] = useState(false);
  const go = (provider: string) => window.location.assign(ssoStartUrl(provider, remember));
  const school = async () => {
    const typed = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(typed)) return onEmailProblem(t('auth.sso.schoolEmailFirst'));
    setFinding(true);
    try {
      go((await schoolSignInRequest(typed)).providerId);
    } catch (error) {
      setFinding(false);
      onEmailProblem(error instanceof Error ? error.message : t('auth.login.failedFallback'));
    }
  };
  return (
    <Stack gap="xs" data-testid="sso-buttons">
      <Divider label={t('auth.sso.or')} labelPosition="center" />
      {offered.google && (
        <Button variant="default" fullWidth onClick={() => go('google')}>
          {t('auth.sso.google')}
        </Button>
      )}
      {offered.microsoft && (
        <Button variant="default" fullWidth onClick={() => go('microsoft')}>
          {t('auth.sso.microsoft')}
        </Button>
      )}
      {offered.school && (
        <Button variant="default" fullWidth loading={finding} onClick={school}>
          {t('auth.sso.school')}
        </Button>
      )}
    </Stack>
  );
}
