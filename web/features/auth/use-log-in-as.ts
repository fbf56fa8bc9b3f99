import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { landingFor } from '../../../common/guard';
import { switchInto } from '../../app/account';
import { changeAccount } from '../../app/account-switch';
import { t } from '../../app/i18n';
import { toast } from '../../app/toast';
import { impersonateRequest } from './api';

/**
 * "Log in as": the one way every page switches into another account (the admin's dashboard and people
 * pages, an institute's lists). The current session goes onto the switch stack with this page, so "Back to
 * Previous User" returns here.
 */
export function useLogInAs() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return async (target: { userId?: string; email?: string }) => {
    // Asked first: a refusal leaves this page as it was.
    const answer = await impersonateRequest(target);
    await changeAccount(
      queryClient,
      () => {
        switchInto(answer, location.pathname + location.search);
        return landingFor({
          ...answer.userObj,
          trialEnded: answer.trialEnded,
          subscriptionEnded: answer.subscriptionEnded,
        });
      },
      navigate,
    );
    toast('info', t('shell.nowLoggedInAs', { name: answer.userObj.fullName }));
  };
}
