import { List, Text } from '@mantine/core';

/** Up to three wordings students used, in quotes; never who asked. */
export function ExamplesList({ examples, label }: { examples: string[]; label: string }) {
  // The same wording asked twice says nothing new.
  const distinct = [...new Set(examples)].slice(0, 3);
  if (distinct.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" aria-label={label} data-testid="examples">
      {distinct.map((example) => (
        <List.Item key={example}>
          <Text span size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            “{example}”
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
