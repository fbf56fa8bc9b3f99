import {
  Alert,
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Indicator,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { can } from '../../../common/capabilities';
import { isUserType } from '../../../common/roles';
import { formatDateTime } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { useSession } from '../../app/session';
import { LS } from '../../app/storage';
import { syncUnreadMarkers } from '../../app/unread-markers';
import { useStoredJson } from '../../app/use-stored-json';
import { Pager } from '../../components/pager';
import { MeetingRequestsPanel } from '../meetings';
import { PAGE_SIZE, useConversationList } from './api';
import { useT } from './i18n';

/**
 * Conversation Management: every session the caller may read, newest activity first; for teachers and
 * institutes also the meeting requests students sent them (?tab=meetings).
 */
export default function ConversationListPage() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const t = useT();
  const locale = useLocale();
  const answersMeetings = Boolean(session && isUserType(session.userType) && can(session.userType, 'teach'));
  const tab = answersMeetings && params.get('tab') === 'meetings' ? 'meetings' : 'conversations';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useConversationList(debounced, page);
  const newChatIds = useStoredJson<string[]>(LS.newChatIds, []);

  useEffect(() => {
    syncUnreadMarkers('chat').catch(() => undefined);
  }, []);

  // The URL follows the box as it is typed (not after the debounce): a delayed URL write could land after the
  // user clicked a result and take them back to the list. A new search starts again at page 1.
  const changeSearch = (value: string) => {
    setSearch(value);
    const next = new URLSearchParams();
    if (value.trim()) next.set('search', value.trim());
    setParams(next, { replace: true });
  };

  const setPage = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(value));
    setParams(next, { replace: true });
  };

  const rows = list.data?.conversations ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('conversations.list.title')}
          </Title>
          {tab === 'conversations' && list.isFetching && (
            <Loader size="sm" aria-label={t('conversations.list.loading')} />
          )}
        </Group>
        {answersMeetings && (
          <Tabs value={tab} onChange={(value) => setParams(value === 'meetings' ? { tab: 'meetings' } : {})}>
            <Tabs.List>
              <Tabs.Tab value="conversations">{t('conversations.list.tabConversations')}</Tabs.Tab>
              <Tabs.Tab value="meetings">{t('conversations.list.tabMeetings')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        )}
        {tab === 'meetings' ? (
          <MeetingRequestsPanel />
        ) : (
          <>
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('conversations.list.searchPlaceholder')}
              aria-label={t('conversations.list.searchLabel')}
              value={search}
              onChange={(event) => changeSearch(event.currentTarget.value)}
              maw={480}
            />
            {list.isError && <Alert color="red">{list.error.message}</Alert>}
            {list.isPending ? (
              <Loader aria-label={t('conversations.list.loading')} />
            ) : rows.length === 0 ? (
              <Card withBorder padding="xl">
                <Text ta="center" c="dimmed">
                  {debounced ? t('conversations.list.noMatch') : t('conversations.list.empty')}
                </Text>
              </Card>
            ) : (
              <Card withBorder padding={0}>
                <Table.ScrollContainer minWidth={640}>
                  <Table highlightOnHover verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('conversations.list.colConversation')}</Table.Th>
                        <Table.Th>{t('conversations.list.colGuru')}</Table.Th>
                        <Table.Th>{t('conversations.list.colStudent')}</Table.Th>
                        <Table.Th>{t('conversations.list.colLastMessage')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => {
                        const isNew = row.unread || newChatIds.includes(row.id);
                        return (
                          <Table.Tr key={row.id} data-testid="conversation-row">
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                <Indicator
                                  disabled={!isNew}
                                  color="red"
                                  size={8}
                                  position="middle-start"
                                  offset={-8}
                                >
                                  <span />
                                </Indicator>
                                <Stack gap={0}>
                                  <Anchor
                                    component={Link}
                                    to={`/view-conversation?conversationId=${row.id}`}
                                    fw={isNew ? 700 : 500}
                                  >
                                    {row.title || t('conversations.list.newSession')}
                                  </Anchor>
                                  <Text size="xs" c="dimmed" lineClamp={1}>
                                    {row.lastMessage}
                                  </Text>
                                  {isNew && (
                                    <Badge size="xs" color="red" variant="light" w="fit-content">
                                      {t('conversations.list.new')}
                                    </Badge>
                                  )}
                                </Stack>
                              </Group>
                            </Table.Td>
                            <Table.Td>{row.guruName}</Table.Td>
                            <Table.Td>
                              <Text size="sm">{row.studentName}</Text>
                              {row.courseTitle && (
                                <Text size="xs" c="dimmed">
                                  {row.courseTitle}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDateTime(row.lastMessageAt, { locale })}</Text>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
            )}
            {pages > 1 && <Pager page={page} total={pages} onChange={setPage} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
