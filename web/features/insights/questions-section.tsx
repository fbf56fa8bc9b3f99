import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CourseInsights } from '../../../common/contracts/insights';
import { FigureCard } from './figure-card';
import { moreMomentsText, topSlides } from './format';
import { HeatLegend, LessonHeatStrip } from './lesson-heat';
import { MomentCard } from './moment-card';
import { InsightSection, QuietNote } from './section';

/** "Questions students ask": the week's figures, the most-asked moments and a heat strip per lesson. */
export function QuestionsSection({ insights }: { insights: CourseInsights }) {
  const { questions } = insights;
  const busiest = Math.max(0, ...questions.lessons.flatMap((heat) => heat.buckets));
  const more = moreMomentsText(questions);
  const top = topSlides(questions.moments);
  return (
    <InsightSection
      id="insights-questions"
      title="Questions students ask"
      hint="What students asked the course's gurus, and the lesson moments the answers came from."
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <FigureCard label="Questions this week" value={questions.thisWeek} trend={questions} />
        <FigureCard label="Questions in all" value={questions.total} />
        <FigureCard label="The guru could not answer" value={questions.unansweredTotal} />
      </SimpleGrid>
      {questions.total === 0 ? (
        <QuietNote>
          Nothing asked yet. Once students ask the guru about this course, the moments they ask about most
          show here.
        </QuietNote>
      ) : (
        <>
          <Text fw={600}>Most-asked moments</Text>
          {questions.moments.length === 0 ? (
            <QuietNote>No answer leaned on a lesson moment yet.</QuietNote>
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
          <Text fw={600}>Where in each lesson questions come from</Text>
          {questions.lessons.map((heat) => (
            <LessonHeatStrip key={heat.videoId} heat={heat} max={busiest} />
          ))}
          <HeatLegend />
        </Stack>
      )}
    </InsightSection>
  );
}
