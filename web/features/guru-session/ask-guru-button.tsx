import { Button, Group } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCourseGurus } from '../conversations';
import { inInterfaceLanguage, useT } from './i18n';

/** "Ask the guru" on a course page, one button per ready guru learning from the course. */
export function AskGuruButton({ courseId }: { courseId: string }) {
  const gurus = useCourseGurus(courseId);
  const t = useT();
  const list = gurus.data ?? [];
  if (list.length === 0) return null;
  return (
    <Group gap="xs">
      {list.map((guru) => (
        <Button
          key={guru.id}
          component={Link}
          to={`/guru?guruId=${guru.id}&courseId=${courseId}`}
          leftSection={<IconMessageChatbot size={18} />}
          variant="filled"
          title={
            guru.available || !guru.unavailableReason
              ? undefined
              : inInterfaceLanguage(guru.unavailableReason)
          }
        >
          {list.length === 1 ? t('guru-session.askTheGuru') : t('guru-session.askNamed', { name: guru.name })}
        </Button>
      ))}
    </Group>
  );
}
