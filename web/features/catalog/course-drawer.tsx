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
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { BrandMark } from '../../components/brand-mark';
import { HlsPlayer } from '../../components/hls-player';
import { useCheckout, useGstDetails } from '../billing';
import { useCatalogCourse, useSubscribe } from './api';
import { useT } from './i18n';
import { useLocalPrice } from './local-price';

/** A course's details from the catalog: lessons, previews to play, FAQ, and subscribing. */
export function CourseDrawer({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const t = useT();
  const course = useCatalogCourse(courseId);
  const session = useSession();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const localPrice = useLocalPrice();
  const checkout = useCheckout();
  // A school buying a course for its records gives its GSTIN (or state) for the tax invoice, as with a plan.
  const gst = useGstDetails();
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
        toast('success', t('catalog.drawer.subscribed'));
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
    const tax = gst.input();
    if ('problem' in tax) {
      toast('danger', tax.problem);
      return;
    }
    checkout.start({ purpose: 'course', courseId: data.id, ...tax });
  };

  const canLearn = !session || (isUserType(session.userType) && can(session.userType, 'learn'));
  // Subscribe, buy or go to the course: at the top, and again where a preview ends.
  const action = !data ? null : data.subscribed ? (
    <Button component={Link} to={`/subscribed-courses?courseId=${data.id}`}>
      {t('catalog.drawer.goToCourse')}
    </Button>
  ) : !canLearn ? null : data.price > 0 ? (
    // The server decides the amount (in the buyer's currency where it can); this label is the
    // catalog's converted price.
    <Button onClick={onBuy} loading={checkout.busy}>
      {session
        ? t('catalog.drawer.buyFor', { price: localPrice(data.price, data.currency) })
        : t('catalog.drawer.loginToBuy')}
    </Button>
  ) : (
    <Button onClick={onSubscribe} loading={subscribe.isPending}>
      {t(session ? 'catalog.drawer.subscribe' : 'catalog.drawer.loginToSubscribe')}
    </Button>
  );
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('catalog.drawer.close') }}
      opened={Boolean(courseId)}
      onClose={() => {
        setPlaying(null);
        onClose();
      }}
      position="right"
      size="lg"
      title={data?.title ?? t('catalog.drawer.course')}
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
              {t('catalog.drawer.by', { teacher: data.teacherName })}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>
          <Group justify="space-between">
            <Text fw={700} size="lg" data-testid="detail-price">
              {localPrice(data.price, data.currency)}
            </Text>
            {action}
          </Group>
          {session && canLearn && !data.subscribed && data.price > 0 && gst.fields}

          {data.previews.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('catalog.drawer.previews')}
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
                <Alert variant="light" title={t('catalog.liked')} data-testid="after-preview">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      {data.subscribed
                        ? t('catalog.drawer.waiting')
                        : t('catalog.wholeCourse', { count: data.lessons.length })}
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
                    aria-label={t('catalog.drawer.playPreview', { title: p.title })}
                  >
                    {t('catalog.play')}
                  </Button>
                </Group>
              ))}
              <Button component={Link} to={`/preview-video?courseId=${data.id}`} variant="subtle" size="xs">
                {t('catalog.drawer.openPreviewPage')}
              </Button>
            </Stack>
          )}

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('catalog.drawer.lessons', { count: String(data.lessons.length) })}
            </Title>
            {data.lessons.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('catalog.drawer.noLessons')}
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
                {t('catalog.drawer.includes', { count: data.materialCount })}
              </Text>
            )}
          </Stack>

          {data.faqs.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('catalog.drawer.faq')}
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
