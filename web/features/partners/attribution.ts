import { REFERRAL_MSG, type ReferralVisitResult } from '../../../common/contracts/partners';
import { ApiError, api } from '../../app/api';
import { catalogsReady, inInterfaceLanguage } from '../../app/i18n';
import { registerModuleMessages } from '../../app/module-messages';
import { toast } from '../../app/toast';

/**
 * A `?ref=<code>` is the link form of a referral: POST /api/referrals/visit, sent without anyone waiting for
 * it (the page never waits on a referral); a code the server does not know or has archived is said in a toast,
 * as is the server's `?referral=invalid` mark. The server answers in the reader's language: its texts are told
 * apart from the module's constants in that language.
 */
export async function recordReferral(
  params: { code: string | null; invalid: boolean },
  landing: string,
): Promise<void> {
  registerModuleMessages();
  await catalogsReady();
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
      const broken = [REFERRAL_MSG.unknownCode, REFERRAL_MSG.archivedCode].map(inInterfaceLanguage);
      if (broken.includes(error.message)) toast('warning', error.message);
      // A partner trying their own link learns why it did not count; a customer's visit stays silent.
      else if (error.message === inInterfaceLanguage(REFERRAL_MSG.selfReferral)) toast('info', error.message);
    });
  }
  if (params.invalid) toast('warning', inInterfaceLanguage(REFERRAL_MSG.unknownCode));
}
