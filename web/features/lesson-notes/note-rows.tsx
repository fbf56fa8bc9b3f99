import { ActionIcon, Button, Group, Switch, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One of the notes' two editable lists (summary sentences, key terms): its heading, rows, add and remove. */
export function NoteRows<Row>({
  title,
  hideLabel,
  hidden,
  onHiddenChange,
  emptyText,
  rows,
  onRowsChange,
  fields,
  removeLabel,
  addLabel,
  max,
  blank,
}: {
  title: string;
  hideLabel: string;
  hidden: boolean;
  onHiddenChange: (hidden: boolean) => void;
  emptyText: string;
  rows: Row[];
  onRowsChange: (rows: Row[]) => void;
  /** A row's inputs; `set` changes that row only. */
  fields: (row: Row, index: number, set: (patch: Partial<Row>) => void) => ReactNode;
  removeLabel: (index: number) => string;
  addLabel: string;
  max: number;
  blank: Row;
}) {
  const set = (index: number, patch: Partial<Row>) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Switch
          label={hideLabel}
          checked={hidden}
          onChange={(event) => onHiddenChange(event.currentTarget.checked)}
        />
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their place is their identity
        <Group key={index} align="flex-end" wrap="wrap" gap="xs">
          {fields(row, index, (patch) => set(index, patch))}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={() => onRowsChange(rows.filter((_, i) => i !== index))}
            aria-label={removeLabel(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={rows.length >= max}
        onClick={() => onRowsChange([...rows, blank])}
        style={{ alignSelf: 'flex-start' }}
      >
        {addLabel}
      </Button>
    </>
  );
}
