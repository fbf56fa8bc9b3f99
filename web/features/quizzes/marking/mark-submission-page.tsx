import { Container, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../i18n';
import { MarkAttempt } from './mark-attempt';
import { MarkingTable } from './marking-table';

/** /mark-submission: attempts waiting for marking, or one attempt to mark with ?attemptId=. */
export default function MarkSubmissionPage() {
  const t = useT();
  const [params] = useSearchParams();
  const attemptId = params.get('attemptId');
  return (
    <Container size="xl" px={0}>
      <Stack>
        <Title order={1} size="h2">
          {t('quizzes.mark.pageTitle')}
        </Title>
        {attemptId ? <MarkAttempt key={attemptId} attemptId={attemptId} /> : <MarkingTable />}
      </Stack>
    </Container>
  );
}
