import { Badge, Button, Card, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CompletionProgress } from '../../../common/certificates';
import { useCompletionProgress } from './api';
import { CertificateActions } from './certificate-actions';
import { ClaimDialog } from './claim-dialog';
import { certificateDay } from './dates';
import { useLocale, useT } from './i18n';

function Rule({ met, children }: { met: boolean; children: React.ReactNode }) {
  const t = useT();
  return (
    <List.Item
      icon={
        <ThemeIcon color={met ? 'green' : 'gray'} size={20} radius="xl" variant={met ? 'filled' : 'light'}>
          {met ? (
            <IconCircleCheck size={14} aria-label={t('certificates.rules.met')} />
          ) : (
            <IconCircleDashed size={14} aria-label={t('certificates.rules.notMet')} />
          )}
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}

/** Each rule with the learner's standing, as a checklist. */
function RuleList({ progress }: { progress: CompletionProgress }) {
  const t = useT();
  return (
    <List spacing={6} size="sm" center data-testid="certificate-rules">
      {progress.lessons.map((lesson) => (
        <Rule key={lesson.id} met={lesson.met}>
          {t('certificates.rules.lesson', {
            title: lesson.title,
            watched: lesson.watchedPercent,
            needed: progress.lessonPercent,
          })}
        </Rule>
      ))}
      {progress.quizzes.map((quiz) => (
        <Rule key={quiz.id} met={quiz.met}>
          {quiz.bestPercent === null
            ? t('certificates.rules.quizNotTaken', { title: quiz.title, needed: quiz.minPercent })
            : t('certificates.rules.quiz', {
                title: quiz.title,
                best: quiz.bestPercent,
                needed: quiz.minPercent,
              })}
        </Rule>
      ))}
      {progress.guruQuestions.required > 0 && (
        <Rule met={progress.guruQuestions.met}>
          {t('certificates.rules.guru', {
            asked: progress.guruQuestions.asked,
            needed: progress.guruQuestions.required,
          })}
        </Rule>
      )}
    </List>
  );
}

/**
 * The course player's certificate card (decision 079): what the course asks for and how far the learner is, the
 * button to get the certificate once every rule is met, then the certificate's actions.
 */
export function CourseCertificateCard({
  courseId,
  completedLessons,
}: {
  courseId: string;
  completedLessons: number;
}) {
  const t = useT();
  const locale = useLocale();
  const progress = useCompletionProgress(courseId);
  const { refetch } = progress;
  // A lesson just completed in the player may have met a rule: read the standing again.
  useEffect(() => {
    if (completedLessons > 0) void refetch();
  }, [completedLessons, refetch]);
  const [claiming, setClaiming] = useState(false);
  if (progress.isPending)
    return <Loader size="sm" role="status" aria-label={t('certificates.card.loading')} />;
  if (progress.isError || !progress.data.enabled) return null;
  const data = progress.data;
  const certificate = data.certificate;
  return (
    <Card withBorder padding="sm" data-testid="certificate-card">
      <Stack gap="xs">
        <Title order={2} size="h5">
          <IconAward size={18} style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
          {t('certificates.card.title')}
        </Title>
        {certificate ? (
          <>
            {certificate.revokedAt ? (
              <Badge color="red">{t('certificates.status.revoked')}</Badge>
            ) : (
              <Badge color="green">{t('certificates.status.issued')}</Badge>
            )}
            <Text size="sm">
              {t('certificates.card.issuedTo', {
                name: certificate.recipientName,
                date: certificateDay(certificate.issuedAt, locale),
              })}
            </Text>
            <CertificateActions certificate={certificate} />
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {data.met ? t('certificates.card.ready') : t('certificates.card.intro')}
            </Text>
            <RuleList progress={data} />
            {data.met && (
              <Button onClick={() => setClaiming(true)} leftSection={<IconAward size={16} />}>
                {t('certificates.card.get')}
              </Button>
            )}
          </>
        )}
      </Stack>
      {claiming && (
        <ClaimDialog
          courseId={courseId}
          suggestedName={data.printedName}
          opened={claiming}
          onClose={() => setClaiming(false)}
        />
      )}
    </Card>
  );
}
