import type { GuruLimitState } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import type { App } from '../../http/app-type';
import { forbidden } from '../../http/errors';
import { assertWithinLimit, limitOf, type PlanHolder } from '../plans/limits';
import { payerGuruCount } from './access';

/** The payer's gurus against the plan's 'gurus' limit (admins and other plan-less users: unlimited). */
export async function guruLimitState(app: App, holder: PlanHolder): Promise<GuruLimitState> {
  const [limit, count] = await Promise.all([limitOf(app, holder, 'gurus'), payerGuruCount(app, holder)]);
  return { limit, count, overLimit: limit !== null && count > limit };
}

/** Refuses adding a guru at the limit: 'Please upgrade your plan to add more gurus'. */
export async function assertCanAddGuru(app: App, holder: PlanHolder): Promise<void> {
  await assertWithinLimit(app, holder, 'gurus', await payerGuruCount(app, holder));
}

/**
 * The downgrade rule (decision 013): while the payer has more gurus than the plan allows, every building
 * call except reading and deleting is refused until enough gurus are deleted.
 */
export async function assertNotOverGuruLimit(app: App, holder: PlanHolder): Promise<void> {
  if ((await guruLimitState(app, holder)).overLimit) throw forbidden(GURU_MSG.deleteExtraGurus);
}
