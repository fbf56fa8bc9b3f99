import { Card, Progress, Stack, Table, Text } from '@mantine/core';
import type { QuizQuestionInsight } from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';
import { percent } from './format';
import { t as translate, useT } from './i18n';
import { InsightSection, QuietNote } from './section';

const rateColour = (rate: number) => (rate < 0.5 ? 'red' : rate < 0.75 ? 'yellow' : 'teal');

function RightRate({ question }: { question: QuizQuestionInsight }) {
  const t = useT();
  return (
    <Stack gap={4} miw={120}>
      <Progress
        value={Math.round(question.rightRate * 100)}
        color={rateColour(question.rightRate)}
        aria-label={t('insights.quizzes.rightAnswers', { prompt: question.prompt })}
        size="md"
      />
      <Text size="xs">
        {t('insights.quizzes.rightOf', {
          right: question.right,
          answers: question.answers,
          share: percent(question.rightRate),
        })}
      </Text>
    </Stack>
  );
}

function WrongOptions({ question }: { question: QuizQuestionInsight }) {
  if (question.wrongOptions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {question.wrongOptions
        .slice(0, 3)
        .map((option) => `“${option.label}” (${option.count})`)
        .join(', ')}
    </Text>
  );
}

function Tests({ question }: { question: QuizQuestionInsight }) {
  const t = useT();
  if (!question.moment)
    return (
      <Text size="sm" c="dimmed">
        {t('insights.quizzes.noMoment')}
      </Text>
    );
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {t('insights.quizzes.momentAt', {
        title: question.moment.title,
        time: formatClock(question.moment.seconds),
      })}
    </Text>
  );
}

/** "N of those who got it wrong asked the guru about this moment", when the question tests a moment. */
function askedText(question: QuizQuestionInsight): string | null {
  if (!question.moment || question.right >= question.answers) return null;
  return translate('insights.quizzes.asked', { count: question.wrongAndAsked });
}

function Prompt({ question }: { question: QuizQuestionInsight }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {question.prompt}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {question.quizTitle}
      </Text>
    </div>
  );
}

/** "Where quizzes are lost": the questions answered right least often, with what students chose instead. */
export function QuizzesSection({ quizzes }: { quizzes: QuizQuestionInsight[] }) {
  const t = useT();
  const rows = [...quizzes].sort((a, b) => a.rightRate - b.rightRate);
  return (
    <InsightSection
      id="insights-quizzes"
      title={t('insights.quizzes.title')}
      hint={t('insights.quizzes.hint')}
    >
      {rows.length === 0 ? (
        <QuietNote>{t('insights.quizzes.empty')}</QuietNote>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table verticalSpacing="sm" data-testid="quiz-insights-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('insights.quizzes.question')}</Table.Th>
                  <Table.Th>{t('insights.quizzes.right')}</Table.Th>
                  <Table.Th>{t('insights.quizzes.wrongChosen')}</Table.Th>
                  <Table.Th>{t('insights.quizzes.tests')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((question) => (
                  <Table.Tr key={question.questionId}>
                    <Table.Td>
                      <Prompt question={question} />
                    </Table.Td>
                    <Table.Td>
                      <RightRate question={question} />
                    </Table.Td>
                    <Table.Td>
                      <WrongOptions question={question} />
                    </Table.Td>
                    <Table.Td>
                      <Tests question={question} />
                      {askedText(question) && (
                        <Text size="xs" c="dimmed">
                          {askedText(question)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="sm" hiddenFrom="sm" data-testid="quiz-insights-cards">
            {rows.map((question) => (
              <Card key={question.questionId} withBorder padding="sm">
                <Stack gap={6}>
                  <Prompt question={question} />
                  <RightRate question={question} />
                  {question.wrongOptions.length > 0 && (
                    <>
                      <Text size="xs" c="dimmed">
                        {t('insights.quizzes.wrongChosen')}
                      </Text>
                      <WrongOptions question={question} />
                    </>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('insights.quizzes.tests')}
                  </Text>
                  <Tests question={question} />
                  {askedText(question) && <Text size="xs">{askedText(question)}</Text>}
                </Stack>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </InsightSection>
  );
}
