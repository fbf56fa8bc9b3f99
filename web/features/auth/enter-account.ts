import { useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { landingFor } from '../../../common/guard';
import { adoptAccountLocale } from '../../app/locale-choice';
import { writeSession } from '../../app/storage';

/**
 * What every way of logging in does with the session it got (the form, single sign-on): keep it, take the
 * account's language (decision 068), forget what was cached for whoever was here before; returns the role's home.
 */
export function useEnterAccount() {
  const queryClient = useQueryClient();
  return async (answer: SessionAnswer, remember: boolean): Promise<string> => {
    writeSession(answer, remember);
    await adoptAccountLocale(answer.userObj);
    queryClient.clear();
    return landingFor({
      userType: answer.userObj.userType,
      trialEnded: answer.trialEnded,
      subscriptionEnded: answer.subscriptionEnded,
    });
  };
}
