import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { DisplayMode } from '../../../../common/contracts/quizzes';
import { type AnswerResponse, isAnswered, type OpenQuestion } from '../../../../common/quizzes';
import { useT } from '../i18n';
import { QuestionField } from './question-field';

export interface QuizPaperProps {
  questions: OpenQuestion[];
  responses: Record<string, AnswerResponse>;
  displayMode: DisplayMode;
  onChange: (questionId: string, response: AnswerResponse, debounce: boolean) => void;
  onFile: (questionId: string, file: File, onProgress: (percent: number) => void) => Promise<AnswerResponse>;
  disabled?: boolean;
}

/** Arrow keys move between questions, unless the key belongs to a field (text caret, radio choice). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return Boolean(target.closest('input, textarea, select, [contenteditable="true"], [role="radiogroup"]'));
}

/** Numbered buttons, one per question, filled when answered; the current one is outlined. */
function QuestionNavigator({
  questions,
  responses,
  current,
  onGo,
}: {
  questions: OpenQuestion[];
  responses: Record<string, AnswerResponse>;
  current: number | null;
  onGo: (index: number) => void;
}) {
  const t = useT();
  const answered = questions.filter((q) => isAnswered(q, responses[q.id])).length;
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" data-testid="answered-count">
        {t('quizzes.paper.answered', { answered, total: questions.length })}
      </Text>
      <Group gap={6} component="nav" aria-label={t('quizzes.common.questions')}>
        {questions.map((question, index) => {
          const done = isAnswered(question, responses[question.id]);
          const here = index === current;
          return (
            <UnstyledButton
              key={question.id}
              onClick={() => onGo(index)}
              aria-label={t(done ? 'quizzes.paper.navAnswered' : 'quizzes.paper.navNotAnswered', {
                number: index + 1,
              })}
              aria-current={here ? 'step' : undefined}
              data-answered={done}
              style={{
                width: 34,
                height: 34,
                borderRadius: 8,
                display: 'grid',
                placeItems: 'center',
                fontSize: 14,
                fontWeight: 600,
                background: done ? 'var(--mantine-primary-color-filled)' : 'transparent',
                color: done ? 'var(--mantine-color-white)' : 'inherit',
                border: `2px solid ${here ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-default-border)'}`,
              }}
            >
              {index + 1}
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}

/**
 * A quiz paper: every question at once, or one at a time with Previous/Next, a navigator and arrow keys.
 * Used by the quiz round and by the author's preview, so both look the same.
 */
export function QuizPaper({ questions, responses, displayMode, onChange, onFile, disabled }: QuizPaperProps) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const one = displayMode === 'one';
  const last = questions.length - 1;

  useEffect(() => {
    if (!one) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') setIndex((i) => Math.min(last, i + 1));
      if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [one, last]);

  const field = (question: OpenQuestion, i: number) => (
    <QuestionField
      key={question.id}
      question={question}
      number={i + 1}
      response={responses[question.id]}
      onChange={(response, debounce) => onChange(question.id, response, debounce)}
      onFile={(file, onProgress) => onFile(question.id, file, onProgress)}
      disabled={disabled}
    />
  );

  if (questions.length === 0) return <Text c="dimmed">{t('quizzes.paper.empty')}</Text>;

  if (!one) {
    return (
      <Stack>
        <QuestionNavigator
          questions={questions}
          responses={responses}
          current={null}
          onGo={(i) =>
            document
              .querySelectorAll('[data-testid="quiz-question"]')
              [i]?.scrollIntoView({ behavior: 'smooth', block: 'start' })
          }
        />
        {questions.map(field)}
      </Stack>
    );
  }

  const current = Math.min(index, last);
  return (
    <Stack>
      <QuestionNavigator questions={questions} responses={responses} current={current} onGo={setIndex} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('quizzes.paper.position', { number: current + 1, total: questions.length })}
      </Text>
      {field(questions[current], current)}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={current === 0}
          onClick={() => setIndex(current - 1)}
        >
          {t('quizzes.paper.previous')}
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={16} />}
          disabled={current === last}
          onClick={() => setIndex(current + 1)}
        >
          {t('quizzes.paper.next')}
        </Button>
      </Group>
    </Stack>
  );
}
