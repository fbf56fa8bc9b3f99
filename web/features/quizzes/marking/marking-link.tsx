import { Badge, Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { useMarkingList } from './api';

/**
 * The way to /mark-submission: SPEC's side navigation has no entry for it, so the Reports page (where a
 * teacher looks at results) carries it, with the number of attempts waiting.
 */
export function MarkingLink() {
  const t = useT();
  const list = useMarkingList({ status: 'submitted', page: 1 });
  const waiting = list.data?.waiting ?? list.data?.total ?? 0;
  return (
    <Button
      component={Link}
      to="/mark-submission"
      variant={waiting > 0 ? 'filled' : 'light'}
      leftSection={<IconChecklist size={16} />}
      rightSection={
        waiting > 0 ? (
          <Badge
            color="orange"
            size="sm"
            circle={waiting < 10}
            aria-label={t('quizzes.mark.waitingLabel', { count: waiting })}
          >
            {waiting > 99 ? '99+' : waiting}
          </Badge>
        ) : undefined
      }
    >
      {t('quizzes.mark.link')}
    </Button>
  );
}
