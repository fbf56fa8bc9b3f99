import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Image,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EMBED_MSG, type EmbedGuru, type EmbedSession } from '../../../common/contracts/embed';
import { GURU_LIMITS, SHOW_ANSWER } from '../../../common/gurus';
import { ApiError } from '../../app/api-error';
import { askEmbedded, type EmbedCaller, fetchEmbedGuru, startEmbedSession } from './embed-api';
import { type EmbedMessage, EmbedMessages } from './embed-messages';
import { EmbedSignIn } from './embed-sign-in';
import { inInterfaceLanguage, rich, useT } from './i18n';

/** The student signed in inside the frame: for this tab only, never the app's own storage. */
const STUDENT_KEY = 'gurukul-embed-student';

function storedStudent(): { token: string; fullName: string } | null {
  try {
    return JSON.parse(sessionStorage.getItem(STUDENT_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * An anonymous visitor's key, kept across sessions so the site's per-visitor allowance follows them (decision
 * 053). Browsers keep a frame's storage apart for each site that embeds it; where storage is refused, each
 * session gets a new key.
 */
const VISITOR_KEY = 'gurukul-embed-visitor';

function storedVisitorKey(): string | null {
  try {
    return localStorage.getItem(VISITOR_KEY);
  } catch {
    return null;
  }
}

function keepVisitorKey(key: string) {
  try {
    localStorage.setItem(VISITOR_KEY, key);
  } catch {
    // Storage refused (a browser's privacy setting): the key lives as long as the session.
  }
}

let nextId = 0;
const messageId = () => `m${++nextId}`;

/**
 * The guru inside the owner's website (docs/decisions/041-embedded-guru.md): text questions and streamed
 * answers with their sources. A session is opened on the first question: as the signed-in student, or as an
 * anonymous visitor when the owner allows it; otherwise the visitor is asked to sign in first.
 */
export function EmbedGuruPage({ guruId, origin }: { guruId: string; origin: string }) {
  const t = useT();
  const [guru, setGuru] = useState<EmbedGuru | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [student, setStudent] = useState(storedStudent);
  const [session, setSession] = useState<EmbedSession | null>(null);
  const [messages, setMessages] = useState<EmbedMessage[]>([]);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [signIn, setSignIn] = useState<{ reason: string | null; pending: string | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  // Follows the newest message as it streams in, unless the reader has scrolled up to read an earlier one.
  const following = useRef(true);
  useEffect(() => {
    const area = viewport.current;
    if (area && following.current && messages.length > 0) area.scrollTop = area.scrollHeight;
  }, [messages]);
  const caller: EmbedCaller = useMemo(
    () => ({ origin, token: student?.token ?? null, visitorKey: session?.visitorKey ?? null }),
    [origin, student, session],
  );

  useEffect(() => {
    fetchEmbedGuru({ origin, token: null }, guruId).then(setGuru, (error: Error) =>
      setLoadError(error.message),
    );
    // Tells embed.js on the owner's page that the guru is here (it shows a notice when the frame stays empty)
    // and closes the chat on Escape from inside the frame; only the framing origin is told.
    window.parent.postMessage({ gurukul: 'ready' }, origin);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') window.parent.postMessage({ gurukul: 'escape' }, origin);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      abort.current?.abort();
    };
  }, [guruId, origin]);

  const patchLast = (patch: (message: EmbedMessage) => EmbedMessage) =>
    setMessages((all) => [...all.slice(0, -1), patch(all[all.length - 1] as EmbedMessage)]);

  async function ask(text: string, as: EmbedCaller = caller) {
    const asked = text.trim();
    if (!asked || asking) return;
    setAsking(true);
    try {
      let current = session;
      if (!current) {
        try {
          current = await startEmbedSession(
            { ...as, visitorKey: as.token ? null : storedVisitorKey() },
            guruId,
          );
          if (current.visitorKey) keepVisitorKey(current.visitorKey);
        } catch (error) {
          // Asked to sign in, or a visitor's allowance is used up: a student who signs in may still ask.
          if (error instanceof ApiError && (error.status === 401 || (error.status === 429 && !as.token))) {
            setSignIn({ reason: error.message, pending: asked });
            return;
          }
          throw error;
        }
        setSession(current);
      }
      setQuestion('');
      following.current = true;
      setMessages((all) => [
        ...all,
        { id: messageId(), role: 'user', text: asked },
        { id: messageId(), role: 'guru', text: '', streaming: true },
      ]);
      abort.current = new AbortController();
      const withKey = { ...as, visitorKey: current.visitorKey };
      for await (const event of askEmbedded(withKey, current.conversationId, asked, abort.current.signal)) {
        if (event.type === 'text') patchLast((last) => ({ ...last, text: last.text + event.delta }));
        else if (event.type === 'citations') patchLast((last) => ({ ...last, citations: event.citations }));
        else if (event.type === 'done')
          patchLast((last) => ({
            ...last,
            streaming: false,
            notCovered: event.notCovered,
            awaitingTry: Boolean(event.awaitingTry),
          }));
        else if (event.type === 'error')
          setMessages((all) => [...all, { id: messageId(), role: 'error', text: event.message }]);
      }
      patchLast((last) => ({ ...last, streaming: false }));
    } catch (error) {
      if (abort.current?.signal.aborted) return;
      // A full session: the next question opens a new one.
      if (error instanceof ApiError && error.message === EMBED_MSG.sessionFull) setSession(null);
      const text = error instanceof Error ? error.message : t('msg.somethingWrong');
      setMessages((all) => [
        ...all.filter((message) => !(message.streaming && !message.text)),
        { id: messageId(), role: 'error', text },
      ]);
    } finally {
      setAsking(false);
    }
  }

  if (loadError)
    return (
      <Alert color="red" title={t('embed.page.cannotShow')}>
        {loadError}
      </Alert>
    );
  if (!guru) return <Loader aria-label={t('embed.page.loading')} m="md" />;

  const signOut = () => {
    sessionStorage.removeItem(STUDENT_KEY);
    setStudent(null);
    setSession(null);
    setMessages([]);
  };

  return (
    <Stack gap="sm" h="100dvh" p="sm">
      <Group wrap="nowrap" gap="sm">
        <Avatar src={guru.avatarImageUrl} alt="" radius="xl" size="lg" color="initials" name={guru.name} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={1} size="h4" lineClamp={1}>
            {guru.name}
          </Title>
          {guru.subject && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {guru.subject}
            </Text>
          )}
        </div>
        {guru.brandLogoUrl && <Image src={guru.brandLogoUrl} alt="" h={32} w="auto" fit="contain" />}
      </Group>

      {signIn ? (
        <EmbedSignIn
          caller={caller}
          reason={signIn.reason}
          onCancel={() => setSignIn(null)}
          onSignedIn={(signedIn) => {
            sessionStorage.setItem(STUDENT_KEY, JSON.stringify(signedIn));
            setStudent(signedIn);
            setSession(null);
            const pending = signIn.pending;
            setSignIn(null);
            if (pending) void ask(pending, { origin, token: signedIn.token });
          }}
        />
      ) : (
        <>
          <ScrollArea
            style={{ flex: 1 }}
            type="auto"
            offsetScrollbars
            viewportRef={viewport}
            onScrollPositionChange={({ y }) => {
              const area = viewport.current;
              if (area) following.current = y + area.clientHeight >= area.scrollHeight - 24;
            }}
          >
            <Stack gap="sm">
              {guru.introductionText && (
                <Text size="sm" c="dimmed">
                  {guru.introductionText}
                </Text>
              )}
              {!guru.available && guru.unavailableReason && (
                <Alert color="yellow">{inInterfaceLanguage(guru.unavailableReason)}</Alert>
              )}
              {messages.length === 0 && guru.demoQuestions.length > 0 && (
                <Stack gap={6} aria-label={t('embed.page.suggested')} role="group">
                  {guru.demoQuestions.slice(0, 4).map((demo) => (
                    <Button
                      key={demo}
                      size="compact-sm"
                      variant="light"
                      h="auto"
                      py={6}
                      justify="flex-start"
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                      disabled={!guru.available || asking}
                      onClick={() => void ask(demo)}
                    >
                      {demo}
                    </Button>
                  ))}
                </Stack>
              )}
              <EmbedMessages
                messages={messages}
                onShowAnswer={asking ? undefined : () => void ask(SHOW_ANSWER)}
              />
            </Stack>
          </ScrollArea>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void ask(question);
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Textarea
                aria-label={t('embed.page.question')}
                placeholder={t('embed.page.askPlaceholder')}
                autosize
                minRows={1}
                maxRows={4}
                maxLength={GURU_LIMITS.questionMax}
                style={{ flex: 1 }}
                value={question}
                disabled={!guru.available}
                onChange={(event) => setQuestion(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    void ask(question);
                  }
                }}
              />
              <Button type="submit" loading={asking} disabled={!guru.available || !question.trim()}>
                {t('embed.page.ask')}
              </Button>
            </Group>
          </form>
          <Group justify="space-between" gap="xs">
            {student ? (
              <Text size="xs" c="dimmed">
                {rich('embed.page.signedInAs', {
                  name: student.fullName,
                  link: (chunks) => (
                    <Anchor component="button" type="button" size="xs" onClick={signOut}>
                      {chunks}
                    </Anchor>
                  ),
                })}
              </Text>
            ) : (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => setSignIn({ reason: null, pending: null })}
              >
                {guru.allowAnonymous ? t('embed.page.haveAccount') : t('embed.page.signInToAsk')}
              </Anchor>
            )}
            <Text size="xs" c="dimmed">
              {t('embed.page.poweredBy')}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
