import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value on an account or ticket page: a small capital label over the value, which may wrap. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
