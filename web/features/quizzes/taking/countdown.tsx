import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatClock } from '../../../../common/time';
import { useT } from '../i18n';

const WARN_LAST_SECONDS = 60;

/**
 * Whole seconds left before the deadline, on the server's clock: `offsetMs` is the server's clock minus
 * this device's (taken when the attempt was fetched), so a device set wrong still counts correctly.
 */
export function secondsLeft(deadlineAt: string, offsetMs: number, deviceNow: number): number {
  return Math.max(0, Math.ceil((Date.parse(deadlineAt) - (deviceNow + offsetMs)) / 1000));
}

/**
 * The time left, counted on the server's clock: the offset between the server's `serverNow` and this
 * device's clock is taken once per answer, so a wrong device clock does not change the time left.
 */
export function Countdown({
  deadlineAt,
  serverNow,
  onExpire,
}: {
  deadlineAt: string;
  serverNow: string;
  onExpire: () => void;
}) {
  const t = useT();
  const offset = useMemo(() => Date.parse(serverNow) - Date.now(), [serverNow]);
  const left = () => secondsLeft(deadlineAt, offset, Date.now());
  const [seconds, setSeconds] = useState(left);
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  // biome-ignore lint/correctness/useExhaustiveDependencies: left() reads only deadlineAt and offset.
  useEffect(() => {
    const tick = () => {
      const next = left();
      setSeconds(next);
      if (next === 0 && !expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadlineAt, offset]);

  const warning = seconds <= WARN_LAST_SECONDS;
  return (
    <Badge
      size="xl"
      variant={warning ? 'filled' : 'light'}
      color={warning ? 'red' : 'gray'}
      leftSection={<IconClock size={18} />}
      role="timer"
      aria-label={t('quizzes.timer.left', { time: formatClock(seconds) })}
      data-testid="quiz-timer"
      data-warning={warning}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatClock(seconds)}
    </Badge>
  );
}
