import { Button, CopyButton, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { EmbedSnippet } from '../../../common/contracts/embed';
import { useT } from './i18n';

function CodeBlock({ label, code }: { label: string; code: string }) {
  const t = useT();
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
            {t(copied ? 'integrations.embed.copied' : 'integrations.embed.copy')}
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
  const t = useT();
  return (
    <Modal
      opened={snippet !== null}
      onClose={onClose}
      title={t('integrations.embed.title', { name: guruName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('integrations.close') }}
    >
      {snippet && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('integrations.embed.paste', { origin: siteOrigin })}
          </Text>
          <Tabs defaultValue="script">
            <Tabs.List>
              <Tabs.Tab value="script">{t('integrations.embed.chatButton')}</Tabs.Tab>
              <Tabs.Tab value="iframe">{t('integrations.embed.inlineFrame')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="script" pt="sm">
              <CodeBlock label={t('integrations.embed.scriptLabel')} code={snippet.script} />
              <Text size="xs" c="dimmed" mt="xs">
                {t('integrations.embed.inlineHint')}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="iframe" pt="sm">
              <CodeBlock label={t('integrations.embed.iframeLabel')} code={snippet.iframe} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
