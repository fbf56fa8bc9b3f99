import { REFERRAL_MSG, type ReferralVisitResult } from '../../../common/contracts/partners';
import { ApiError, api } from '../../app/api';
import { toast } from '../../app/toast';

/**
 * A `?ref=<code>` is the link form of a referral: POST /api/referrals/visit, sent without anyone waiting for
 * it (the page never waits on a referral); a code the server does not know or has archived is said in a toast,
 * as is the server's `?referral=invalid` mark.
 */
export function recordReferral(params: { code: string | null; invalid: boolean }, landing: string): void {
  if (params.code) {
    api<ReferralVisitResult>('/referrals/visit', {
      method: 'POST',
      body: { code: params.code, landing },
      // A referral is never worth ending a session, reloading the page or a rate-limit toast.
      handleUnauthorized: false,
      handleUnavailable: false,
      handleRateLimited: false,
    }).catch((error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const broken: string[] = [REFERRAL_MSG.unknownCode, REFERRAL_MSG.archivedCode];
      if (broken.includes(error.message)) toast('warning', error.message);
      // A partner trying their own link learns why it did not count; a customer's visit stays silent.
      else if (error.message === REFERRAL_MSG.selfReferral) toast('info', error.message);
    });
  }
  if (params.invalid) toast('warning', REFERRAL_MSG.unknownCode);
}
