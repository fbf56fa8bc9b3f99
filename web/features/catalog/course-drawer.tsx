import {
  Accordion,
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { can } from '../../../common/capabilities';
import { isUserType } from '../../../common/roles';
import { formatClock } from '../../../common/time';
import { countOf } from '../../../common/words';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { BrandMark } from '../../components/brand-mark';
import { HlsPlayer } from '../../components/hls-player';
import { useCheckout } from '../billing';
import { useCatalogCourse, useSubscribe } from './api';
import { useLocalPrice } from './local-price';

/** A course's details from the catalog: lessons, previews to play, FAQ, and subscribing. */
export function CourseDrawer({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const course = useCatalogCourse(courseId);
  const session = useSession();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const localPrice = useLocalPrice();
  const checkout = useCheckout();
  const [playing, setPlaying] = useState<string | null>(null);
  const [endedPreview, setEndedPreview] = useState<string | null>(null);
  const data = course.data;
  const preview = data?.previews.find((p) => p.id === playing);

  const onSubscribe = () => {
    if (!data) return;
    if (!session) {
      navigate('/login');
      return;
    }
    subscribe.mutate(data.id, {
      onSuccess: () => {
        toast('success', 'You are subscribed. Enjoy the course!');
        navigate(`/subscribed-courses?courseId=${data.id}`);
      },
      onError: (error) => toast('danger', error.message),
    });
  };

  const onBuy = () => {
    if (!data) return;
    if (!session) {
      navigate('/login');
      return;
    }
    checkout.start({ purpose: 'course', courseId: data.id });
  };

  const canLearn = !session || (isUserType(session.userType) && can(session.userType, 'learn'));
  // Subscribe, buy or go to the course: at the top, and again where a preview ends.
  const action = !data ? null : data.subscribed ? (
    <Button component={Link} to={`/subscribed-courses?courseId=${data.id}`}>
      Go to course
    </Button>
  ) : !canLearn ? null : data.price > 0 ? (
    // The server decides the amount (in the buyer's currency where it can); this label is the
    // catalog's converted price.
    <Button onClick={onBuy} loading={checkout.busy}>
      {session ? `Buy for ${localPrice(data.price, data.currency)}` : 'Log in to buy'}
    </Button>
  ) : (
    <Button onClick={onSubscribe} loading={subscribe.isPending}>
      {session ? 'Subscribe' : 'Log in to subscribe'}
    </Button>
  );
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={Boolean(courseId)}
      onClose={() => {
        setPlaying(null);
        onClose();
      }}
      position="right"
      size="lg"
      title={data?.title ?? 'Course'}
    >
      {course.isPending && <Skeleton h={300} />}
      {course.isError && <Alert color="red">{course.error.message}</Alert>}
      {data && (
        <Stack data-testid="course-detail">
          <Group gap="xs">
            <Badge variant="light">{data.category}</Badge>
            <Badge variant="light" color="gray">
              {data.level}
            </Badge>
            <Badge variant="light" color="gray">
              {data.language}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <BrandMark url={data.brandLogoUrl} name={data.teacherName} />
            <Text size="sm" c="dimmed">
              By {data.teacherName}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>
          <Group justify="space-between">
            <Text fw={700} size="lg" data-testid="detail-price">
              {localPrice(data.price, data.currency)}
            </Text>
            {action}
          </Group>

          {data.previews.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Previews
              </Title>
              {preview && (
                <HlsPlayer
                  key={preview.id}
                  src={preview.playlistUrl}
                  poster={preview.posterUrl}
                  title={preview.title}
                  captionsUrl={preview.captionsUrl}
                  onEnded={() => setEndedPreview(preview.id)}
                  autoPlay
                />
              )}
              {preview && endedPreview === preview.id && action && (
                <Alert variant="light" title="Liked the preview?" data-testid="after-preview">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      {data.subscribed
                        ? 'The whole course is waiting for you.'
                        : `The whole course has ${countOf(data.lessons.length, 'lesson')}.`}
                    </Text>
                    {action}
                  </Stack>
                </Alert>
              )}
              {data.previews.map((p) => (
                <Group key={p.id} justify="space-between">
                  <Text size="sm">
                    {p.title} · {formatClock(p.durationSeconds)}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} />}
                    onClick={() => setPlaying(p.id)}
                    aria-label={`Play preview ${p.title}`}
                  >
                    Play
                  </Button>
                </Group>
              ))}
              <Button component={Link} to={`/preview-video?courseId=${data.id}`} variant="subtle" size="xs">
                Open the preview page
              </Button>
            </Stack>
          )}

          <Stack gap="xs">
            <Title order={3} size="h5">
              Lessons ({data.lessons.length})
            </Title>
            {data.lessons.length === 0 ? (
              <Text size="sm" c="dimmed">
                No lessons yet.
              </Text>
            ) : (
              <List type="ordered" size="sm" spacing={4}>
                {data.lessons.map((lesson) => (
                  <List.Item key={lesson.id}>
                    {lesson.title} · {formatClock(lesson.durationSeconds)}
                  </List.Item>
                ))}
              </List>
            )}
            {data.materialCount > 0 && (
              <Text size="sm" c="dimmed">
                Includes {countOf(data.materialCount, 'study material file')}.
              </Text>
            )}
          </Stack>

          {data.faqs.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                FAQ
              </Title>
              <Accordion variant="separated">
                {data.faqs.map((faq) => (
                  <Accordion.Item key={faq.id} value={faq.id}>
                    <Accordion.Control>{faq.question}</Accordion.Control>
                    <Accordion.Panel>{faq.answer}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          )}
        </Stack>
      )}
      {checkout.dialog}
    </Drawer>
  );
}
