import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerPlay,
  IconSend,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SessionGuru } from '../../../common/contracts/gurus';
import { GURU_LIMITS, SHOW_ANSWER } from '../../../common/gurus';
import { api } from '../../app/api';
import { BrandMark } from '../../components/brand-mark';
import { CitationLinks } from '../conversations';
import { RequestMeetingButton } from '../meetings';
import { inInterfaceLanguage, rich, useT } from './i18n';
import { SessionAvatar } from './session-avatar';
import { type Turn, useGuruSession } from './use-guru-session';
import { useSpeechInput } from './use-speech-input';

/** /guru?guruId=…(&courseId=…): a live, spoken session with a guru. */
export default function GuruSessionPage() {
  const [params] = useSearchParams();
  const guruId = params.get('guruId') ?? '';
  const courseId = params.get('courseId');
  const t = useT();
  const info = useQuery({
    queryKey: ['gurus', 'session-info', guruId],
    queryFn: () => api<SessionGuru>(`/gurus/${guruId}/session-info`),
    enabled: Boolean(guruId),
    retry: false,
    // Availability is decided once when the page opens; the session then goes on.
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!guruId) return <Alert color="red">{t('guru-session.noGuru')}</Alert>;
  if (info.isPending) return <Skeleton h={420} />;
  if (info.isError) return <Unavailable message={info.error.message} courseId={courseId} />;
  if (!info.data.available) {
    return (
      <Unavailable
        message={
          info.data.unavailableReason
            ? inInterfaceLanguage(info.data.unavailableReason)
            : t('guru-session.notAvailable')
        }
        courseId={courseId}
      />
    );
  }
  return <LiveSession guru={info.data} courseId={courseId} />;
}

function Unavailable({ message, courseId }: { message: string; courseId: string | null }) {
  const t = useT();
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('guru-session.title')}
      </Title>
      <Alert color="yellow" title={t('guru-session.unavailable')} data-testid="guru-unavailable">
        {message}
      </Alert>
      <Button
        component={Link}
        to={courseId ? `/subscribed-courses?courseId=${courseId}` : '/subscribed-courses'}
        variant="light"
        w="fit-content"
      >
        {t('guru-session.back')}
      </Button>
    </Stack>
  );
}

function LiveSession({ guru, courseId }: { guru: SessionGuru; courseId: string | null }) {
  const session = useGuruSession(guru, courseId);
  const t = useT();
  const [question, setQuestion] = useState('');
  const speech = useSpeechInput(setQuestion);
  const bottom = useRef<HTMLDivElement>(null);
  const busy = session.turns.at(-1)?.status === 'streaming';
  // Hints mode: the guru gave a hint and waits for the student's try (decision 058).
  const awaitingTry = session.turns.at(-1)?.awaitingTry === true;
  // A question may be sent while the session is still starting: it is asked as soon as the session exists.
  const ready = !busy;

  const lastAnswer = session.turns.at(-1)?.answer.length ?? 0;
  // Follow the answer as it grows (the length is the trigger, not read inside).
  useEffect(() => {
    if (lastAnswer >= 0 && session.turns.length > 0) {
      bottom.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
    }
  }, [session.turns.length, lastAnswer]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || !ready) return;
    speech.stop();
    setQuestion('');
    void session.ask(trimmed.slice(0, GURU_LIMITS.questionMax));
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg">
          <Stack align="center" gap="sm">
            {/* Whose guru this is: the teacher's or institute's brand, the product's mark without one. */}
            <BrandMark url={guru.brandLogoUrl} name={t('guru-session.school')} height={32} />
            <SessionAvatar
              guru={guru}
              level={session.level}
              videoUrl={session.videoUrl}
              onVideoEnded={session.clearVideo}
            />
            <Title order={1} size="h3" ta="center">
              {guru.name}
            </Title>
            {guru.subject && (
              <Text size="sm" c="dimmed" ta="center">
                {guru.subject}
              </Text>
            )}
            <Group gap="xs">
              <Tooltip label={session.muted ? t('guru-session.unmute') : t('guru-session.mute')}>
                <ActionIcon
                  variant="light"
                  size="lg"
                  onClick={() => session.setMuted(!session.muted)}
                  aria-label={session.muted ? t('guru-session.unmute') : t('guru-session.mute')}
                  aria-pressed={session.muted}
                >
                  {session.muted ? <IconVolumeOff size={20} /> : <IconVolume size={20} />}
                </ActionIcon>
              </Tooltip>
              {session.speaking && (
                <Badge variant="light" color="grape">
                  {t('guru-session.speaking')}
                </Badge>
              )}
            </Group>
            {courseId && <RequestMeetingButton courseId={courseId} variant="subtle" />}
            {session.audioBlocked && guru.introductionText && !session.muted && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={session.hearIntroduction}
              >
                {t('guru-session.hearIntroduction')}
              </Button>
            )}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack>
          <Paper withBorder p="md" radius="md" data-testid="guru-introduction">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {guru.introductionText || t('guru-session.greeting', { name: guru.name })}
            </Text>
          </Paper>
          <Stack gap="sm">
            {session.turns.map((turn, index) => (
              <TurnView
                key={turn.key}
                turn={turn}
                guruName={guru.name}
                live={index === session.turns.length - 1}
                conversationId={session.conversationId}
                onShowAnswer={
                  index === session.turns.length - 1 && turn.awaitingTry ? () => send(SHOW_ANSWER) : undefined
                }
              />
            ))}
            <div ref={bottom} />
          </Stack>
          {guru.demoQuestions.length > 0 && (
            <Group gap="xs" aria-label={t('guru-session.suggested')} role="group">
              {guru.demoQuestions.map((demo) => (
                <Button
                  key={demo}
                  size="xs"
                  variant="light"
                  radius="xl"
                  disabled={!ready}
                  onClick={() => send(demo)}
                  // A question is a sentence: it wraps on a phone (the height follows) rather than being cut.
                  h="auto"
                  mih={30}
                  py={6}
                  maw="100%"
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
                >
                  {demo}
                </Button>
              ))}
            </Group>
          )}
          <Card withBorder padding="sm">
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <Textarea
                flex={1}
                label={t('guru-session.question')}
                placeholder={
                  speech.listening
                    ? t('guru-session.listening')
                    : awaitingTry
                      ? t('guru-session.typeAnswer')
                      : t('guru-session.askPlaceholder')
                }
                description={t('guru-session.enterHint')}
                autosize
                minRows={1}
                maxRows={6}
                maxLength={GURU_LIMITS.questionMax}
                value={question}
                onChange={(event) => setQuestion(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    send(question);
                  }
                }}
              />
              {speech.supported && (
                <ActionIcon
                  size="lg"
                  variant={speech.listening ? 'filled' : 'light'}
                  color={speech.listening ? 'red' : undefined}
                  onClick={speech.listening ? speech.stop : speech.start}
                  aria-label={speech.listening ? t('guru-session.stopDictating') : t('guru-session.askVoice')}
                  aria-pressed={speech.listening}
                >
                  {speech.listening ? <IconMicrophoneOff size={20} /> : <IconMicrophone size={20} />}
                </ActionIcon>
              )}
              <ActionIcon
                size="lg"
                onClick={() => send(question)}
                disabled={!ready || !question.trim()}
                aria-label={t('guru-session.send')}
                loading={busy}
              >
                <IconSend size={18} />
              </ActionIcon>
            </Group>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function TurnView(props: {
  turn: Turn;
  guruName: string;
  live: boolean;
  conversationId: string | null;
  /** Offered while the guru waits for a try at this turn's question. */
  onShowAnswer?: () => void;
}) {
  const { turn, guruName, live, conversationId, onShowAnswer } = props;
  const t = useT();
  return (
    <Stack gap="xs">
      <Paper
        p="sm"
        radius="md"
        ml="auto"
        maw="85%"
        bg="var(--mantine-primary-color-light)"
        data-testid="student-question"
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {turn.question}
        </Text>
      </Paper>
      <Paper
        withBorder
        p="sm"
        radius="md"
        maw={{ base: '100%', sm: '90%' }}
        bg={turn.notCovered ? 'var(--mantine-color-yellow-light)' : undefined}
        data-testid="guru-answer"
        data-not-covered={turn.notCovered ? 'true' : 'false'}
        data-status={turn.status}
      >
        <Group gap={6} mb={4}>
          <Text size="sm" fw={600}>
            {guruName}
          </Text>
          {turn.notCovered && (
            <Badge size="xs" color="yellow" variant="light">
              {t('guru-session.notCovered')}
            </Badge>
          )}
        </Group>
        {/* Screen readers hear the answer as it is written, once per sentence-sized change. */}
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid="answer-text"
          aria-live={live ? 'polite' : undefined}
          aria-busy={turn.status === 'streaming'}
        >
          {turn.answer || (turn.status === 'streaming' ? t('guru-session.thinking') : '')}
        </Text>
        {turn.error && (
          <Text size="sm" c="red" role="alert">
            {inInterfaceLanguage(turn.error)}
          </Text>
        )}
        {turn.status === 'done' && <CitationLinks citations={turn.citations} />}
        {turn.status === 'done' && onShowAnswer && (
          <Button size="xs" variant="light" mt="xs" w="fit-content" onClick={onShowAnswer}>
            {/* The label in the interface's language; the guru is always sent SHOW_ANSWER itself. */}
            {t('guru-session.showAnswer')}
          </Button>
        )}
        {turn.status === 'done' && turn.notCovered && (
          <Text size="xs" c="dimmed" mt={4} data-testid="ask-teacher">
            {rich('guru-session.askTeacher', {
              link: (chunks) => (
                <Anchor
                  component={Link}
                  to={
                    conversationId
                      ? `/view-conversation?conversationId=${conversationId}`
                      : '/conversation-management'
                  }
                  size="xs"
                >
                  {chunks}
                </Anchor>
              ),
            })}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
