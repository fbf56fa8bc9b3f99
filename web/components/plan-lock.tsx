import { Anchor, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { moduleAddLockedMessage, moduleLockedMessage } from '../../common/plan-limits';
import type { PlanModule } from '../../common/plans';
import { hasOwnPlan, isUserType } from '../../common/roles';
import { useT } from '../app/i18n';
import { useSession } from '../app/session';

/** A module the caller's plan leaves out: the reason (the server's own words) and where to upgrade. */
export interface PlanLock {
  locked: boolean;
  reason: string;
  /** The note's id: a locked control points at it with aria-describedby. */
  noteId: string;
  /** /plan?page=upgrade for whoever pays for their plan; null for a teacher an institute covers. */
  upgradeTo: string | null;
}

/**
 * Whether the caller's plan leaves `module` out (session.hiddenModules, from the server), or, for an "add"
 * control (`mode` 'create'), gives it PARTIAL: what exists stays usable, adding more is locked
 * (session.addLockedModules). The one way a page locks a plan-gated control: `{...lockedControlProps(lock)}` on
 * the control and a <PlanLockNote lock={lock} /> beside it. `applies` false: the control adds nothing this time
 * (a form whose first save creates, opened on what exists). The server still refuses on its own (assertModule,
 * with the same mode).
 */
export function usePlanLock(module: PlanModule, mode: 'use' | 'create' = 'use', applies = true): PlanLock {
  const session = useSession();
  const hidden = session?.hiddenModules.includes(module) ?? false;
  const addLocked = mode === 'create' && (session?.addLockedModules.includes(module) ?? false);
  return usePlanLimitLock(
    applies && (hidden || addLocked),
    hidden ? moduleLockedMessage(module) : moduleAddLockedMessage(module),
  );
}

/**
 * A locked control's props: disabled, and described by the note that says why. `alsoDisabled`: the control's
 * own reason to be disabled (nothing typed yet, a request on its way), which the plan's note does not describe.
 */
export function lockedControlProps(
  lock: PlanLock,
  alsoDisabled = false,
): { disabled: boolean; 'aria-describedby': string | undefined } {
  return { disabled: lock.locked || alsoDisabled, 'aria-describedby': lock.locked ? lock.noteId : undefined };
}

/** The same lock for a limit the plan has reached ("Your plan allows 1 guru."): the server's count decides. */
export function usePlanLimitLock(locked: boolean, reason: string): PlanLock {
  const session = useSession();
  const noteId = useId();
  const ownPlan = Boolean(
    session && isUserType(session.userType) && hasOwnPlan(session.userType, session.instituteId),
  );
  return { locked, reason, noteId, upgradeTo: ownPlan ? '/plan?page=upgrade' : null };
}

/** The reason a control is locked and the way to unlock it; nothing when the plan includes the module. */
export function PlanLockNote({ lock, children }: { lock: PlanLock; children?: string }) {
  const t = useT();
  if (!lock.locked) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="plan-lock">
      <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" id={lock.noteId}>
        {lock.reason}
        {children && ` ${children}`}{' '}
        {lock.upgradeTo ? (
          <Anchor component={Link} to={lock.upgradeTo} size="sm">
            {t('components.planLock.upgrade')}
          </Anchor>
        ) : (
          t('components.planLock.askInstitute')
        )}
      </Text>
    </Group>
  );
}
