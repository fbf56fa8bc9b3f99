import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CourseInsights } from '../../../common/contracts/insights';
import { FigureCard } from './figure-card';
import { moreMomentsText, topSlides } from './format';
import { useT } from './i18n';
import { HeatLegend, LessonHeatStrip } from './lesson-heat';
import { MomentCard } from './moment-card';
import { InsightSection, QuietNote } from './section';

/** "Questions students ask": the week's figures, the most-asked moments and a heat strip per lesson. */
export function QuestionsSection({ insights }: { insights: CourseInsights }) {
  const t = useT();
  const { questions } = insights;
  const busiest = Math.max(0, ...questions.lessons.flatMap((heat) => heat.buckets));
  const more = moreMomentsText(questions);
  const top = topSlides(questions.moments);
  return (
    <InsightSection
      id="insights-questions"
      title={t('insights.questions.title')}
      hint={t('insights.questions.hint')}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <FigureCard label={t('insights.questions.thisWeek')} value={questions.thisWeek} trend={questions} />
        <FigureCard label={t('insights.questions.total')} value={questions.total} />
        <FigureCard label={t('insights.questions.unanswered')} value={questions.unansweredTotal} />
      </SimpleGrid>
      {questions.total === 0 ? (
        <QuietNote>{t('insights.questions.empty')}</QuietNote>
      ) : (
        <>
          <Text fw={600}>{t('insights.questions.moments')}</Text>
          {questions.moments.length === 0 ? (
            <QuietNote>{t('insights.questions.noMoments')}</QuietNote>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {questions.moments.map((moment) => (
                <MomentCard key={moment.key} moment={moment} courseId={insights.course.id} topSlides={top} />
              ))}
            </SimpleGrid>
          )}
          {more && (
            <Text size="sm" c="dimmed" data-testid="more-moments">
              {more}
            </Text>
          )}
        </>
      )}
      {questions.lessons.length > 0 && (
        <Stack gap="sm" data-testid="heat-strips">
          <Text fw={600}>{t('insights.questions.heat')}</Text>
          {questions.lessons.map((heat) => (
            <LessonHeatStrip key={heat.videoId} heat={heat} max={busiest} />
          ))}
          <HeatLegend />
        </Stack>
      )}
    </InsightSection>
  );
}
