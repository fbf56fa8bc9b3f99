import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatClock } from '../../../common/time';
import { useSession } from '../../app/session';
import { HlsPlayer } from '../../components/hls-player';
import { useCatalogCourse } from './api';
import { useT } from './i18n';

/** /preview-video?courseId=…: a course's preview videos, open to everyone. */
export default function PreviewVideoPage() {
  const t = useT();
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const course = useCatalogCourse(courseId);
  const session = useSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const previews = course.data?.previews ?? [];
  const current = previews.find((p) => p.id === chosen) ?? previews[0];
  const explore = session ? '/explore-new-courses' : '/explore-course';

  return (
    <Container size="md" py="md">
      <Stack>
        {!courseId && <Alert color="yellow">{t('catalog.preview.choose')}</Alert>}
        {course.isPending && courseId && <Skeleton h={320} />}
        {course.isError && <Alert color="red">{course.error.message}</Alert>}
        {course.data && (
          <>
            <Title order={1} size="h2">
              {t('catalog.preview.title', { title: course.data.title })}
            </Title>
            {current ? (
              <HlsPlayer
                key={current.id}
                src={current.playlistUrl}
                poster={current.posterUrl}
                title={current.title}
                captionsUrl={current.captionsUrl}
                onEnded={() => setEnded(current.id)}
                autoPlay={chosen === current.id}
              />
            ) : (
              <Text c="dimmed">{t('catalog.preview.none')}</Text>
            )}
            {/* As in the course drawer (decision 046): a preview that ends offers the course it comes from. */}
            {current && ended === current.id && (
              <Alert variant="light" title={t('catalog.liked')} data-testid="after-preview">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('catalog.wholeCourse', { count: course.data.lessons.length })}</Text>
                  <Button component={Link} to={`${explore}?courseId=${course.data.id}`}>
                    {t('catalog.preview.seeCourse')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {previews.length > 1 &&
              previews.map((p) => (
                <Group key={p.id} justify="space-between">
                  <Text size="sm" fw={p.id === current?.id ? 700 : 400}>
                    {p.title} · {formatClock(p.durationSeconds)}
                  </Text>
                  <Button size="xs" variant="light" onClick={() => setChosen(p.id)}>
                    {t('catalog.play')}
                  </Button>
                </Group>
              ))}
          </>
        )}
        <Group>
          <Button
            component={Link}
            to={courseId ? `${explore}?courseId=${courseId}` : explore}
            variant="light"
          >
            {t('catalog.preview.back')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
