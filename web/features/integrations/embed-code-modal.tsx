import { Button, CopyButton, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { EmbedSnippet } from '../../../common/contracts/embed';

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        value={code}
        readOnly
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? 'Copied' : 'Copy code'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** The two ways to put a guru on the owner's site: a chat button (script) or an inline frame. */
export function EmbedCodeModal({
  guruName,
  snippet,
  siteOrigin,
  onClose,
}: {
  guruName: string;
  snippet: EmbedSnippet | null;
  siteOrigin: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={snippet !== null}
      onClose={onClose}
      title={`Embed ${guruName}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {snippet && (
        <Stack>
          <Text size="sm" c="dimmed">
            Paste one of these into a page of {siteOrigin}. Other websites cannot show this guru.
          </Text>
          <Tabs defaultValue="script">
            <Tabs.List>
              <Tabs.Tab value="script">Chat button</Tabs.Tab>
              <Tabs.Tab value="iframe">Inline frame</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="script" pt="sm">
              <CodeBlock
                label="Adds an “Ask the guru” button in the bottom right corner of the page"
                code={snippet.script}
              />
              <Text size="xs" c="dimmed" mt="xs">
                Add data-mode="inline" to the tag to show the guru where you paste it instead of behind a
                button.
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="iframe" pt="sm">
              <CodeBlock label="Shows the guru where you paste it" code={snippet.iframe} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
