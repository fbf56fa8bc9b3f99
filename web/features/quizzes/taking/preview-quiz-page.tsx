import { Alert, Anchor, Container, Skeleton } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../i18n';
import { useAuthorQuiz, useLearnerQuiz } from './api';
import { AuthorPreview } from './author-preview';
import { QuizIntro } from './quiz-intro';

function LearnerIntro({ quizId }: { quizId: string }) {
  const t = useT();
  const quiz = useLearnerQuiz(quizId);
  if (quiz.isPending) return <Skeleton h={320} aria-label={t('quizzes.common.loadingQuiz')} />;
  if (quiz.isError) return <Alert color="red">{quiz.error.message}</Alert>;
  return <QuizIntro quiz={quiz.data} />;
}

function AuthorMode({ quizId }: { quizId: string }) {
  const t = useT();
  const quiz = useAuthorQuiz(quizId);
  if (quiz.isPending) return <Skeleton h={320} aria-label={t('quizzes.common.loadingQuiz')} />;
  if (quiz.isError) return <Alert color="red">{quiz.error.message}</Alert>;
  return <AuthorPreview quiz={quiz.data} />;
}

/** /preview-quiz?quizId=…&courseId=…: a learner's quiz introduction, or with mode=author the author's preview. */
export default function PreviewQuizPage() {
  const t = useT();
  const [params] = useSearchParams();
  const quizId = params.get('quizId');
  const courseId = params.get('courseId');
  const author = params.get('mode') === 'author';
  return (
    <Container size="md" px={0}>
      {!quizId ? (
        <Alert color="yellow">
          {t('quizzes.round.noQuiz')}{' '}
          <Anchor
            component={Link}
            to={courseId ? `/subscribed-courses?courseId=${courseId}` : '/subscribed-courses'}
          >
            {t('quizzes.common.backToCourse')}
          </Anchor>
        </Alert>
      ) : author ? (
        <AuthorMode quizId={quizId} />
      ) : (
        <LearnerIntro quizId={quizId} />
      )}
    </Container>
  );
}
