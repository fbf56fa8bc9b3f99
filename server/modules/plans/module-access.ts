import { moduleAddLockedMessage, moduleLockedMessage } from '../../../common/plan-limits';
import type { AccessLevel, PlanModule } from '../../../common/plans';
import type { App } from '../../http/app-type';
import { forbidden } from '../../http/errors';
import { type PlanHolder, planOfHolder } from './limits';
import { fullModules } from './presenters';

/** The actor's access to a module: their plan's level, FULL when no plan applies (admins, students). */
export async function moduleAccess(app: App, actor: PlanHolder, module: PlanModule): Promise<AccessLevel> {
  const plan = await planOfHolder(app, actor);
  return plan ? fullModules(plan.modules)[module] : 'FULL';
}

/**
 * Refuses (403) a module the plan leaves out; with PARTIAL, using what exists is fine but `create` is not.
 */
export async function assertModule(
  app: App,
  actor: PlanHolder,
  module: PlanModule,
  mode: 'use' | 'create',
): Promise<void> {
  const access = await moduleAccess(app, actor, module);
  if (access === 'NONE') throw forbidden(moduleLockedMessage(module));
  if (access === 'PARTIAL' && mode === 'create') throw forbidden(moduleAddLockedMessage(module));
}
