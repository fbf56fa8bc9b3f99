import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Section {
  heading: string;
  body: string;
}

/** A plain content page (legal texts, about, referral): a title and short sections. */
export function StaticPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro: string;
  sections: Section[];
  /** What to do next, under the sections (the referral page's "Become a partner"). */
  children?: ReactNode;
}) {
  return (
    <Container size="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Text size="lg" c="dimmed">
          {intro}
        </Text>
        {sections.map((section) => (
          <Stack key={section.heading} gap={4}>
            <Title order={2} size="h4">
              {section.heading}
            </Title>
            <Text>{section.body}</Text>
          </Stack>
        ))}
        {children}
      </Stack>
    </Container>
  );
}
