import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Gurukul home">
      <Group gap={8}>
        <ThemeIcon size="lg" radius="md" variant="filled">
          <IconSchool size={20} />
        </ThemeIcon>
        {!compact && (
          <Text fw={800} size="lg">
            Gurukul
          </Text>
        )}
      </Group>
    </Link>
  );
}
