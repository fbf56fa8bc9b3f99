import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconMessageQuestion, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LearnerCourse } from '../../../common/contracts/learning';
import type { Citation } from '../../../common/gurus';
import { formatClock } from '../../../common/time';
import { api } from '../../app/api';
import { learningKeys } from '../learning';
import { useT } from './i18n';

/** Where a video citation opens: the course player at that moment (its ?courseId&videoId&t query). */
export function videoCitationHref(citation: Citation): string {
  const params = new URLSearchParams({ courseId: citation.courseId ?? '', videoId: citation.videoId ?? '' });
  params.set('t', String(Math.floor(citation.startSeconds ?? 0)));
  return `/subscribed-courses?${params.toString()}`;
}

/** A material citation opens the material's file at its page (the learner view signs the file's URL). */
function MaterialLink({ citation }: { citation: Citation }) {
  const courseId = citation.courseId ?? '';
  const course = useQuery({
    queryKey: learningKeys.course(courseId),
    queryFn: () => api<LearnerCourse>(`/learning/courses/${courseId}`),
    enabled: Boolean(courseId && citation.materialId),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  const t = useT();
  const material = course.data?.materials.find((m) => m.id === citation.materialId);
  const label = citation.page
    ? t('conversations.citation.page', { title: citation.title, page: citation.page })
    : citation.title;
  if (!material) return <Text size="sm">{label}</Text>;
  return (
    <Anchor
      href={`${material.url}${citation.page ? `#page=${citation.page}` : ''}`}
      target="_blank"
      rel="noreferrer"
      size="sm"
    >
      {label}
    </Anchor>
  );
}

function CitationItem({ citation }: { citation: Citation }) {
  const t = useT();
  // A course library lesson: the slide shown at that moment, and its title.
  const slideLabel = citation.slide
    ? citation.heading
      ? t('conversations.citation.slideHeading', {
          title: citation.title,
          slide: citation.slide,
          heading: citation.heading,
        })
      : t('conversations.citation.slide', { title: citation.title, slide: citation.slide })
    : citation.title;
  if (citation.sourceKind === 'caption' || (citation.videoId && citation.courseId)) {
    const label =
      citation.startSeconds !== null
        ? t('conversations.citation.at', { label: slideLabel, time: formatClock(citation.startSeconds) })
        : slideLabel;
    return (
      <Group gap={6} wrap="nowrap">
        <IconPlayerPlay size={16} aria-hidden />
        <Anchor component={Link} to={videoCitationHref(citation)} size="sm" data-testid="citation-link">
          {label}
        </Anchor>
      </Group>
    );
  }
  if (citation.sourceKind === 'material') {
    return (
      <Group gap={6} wrap="nowrap">
        <IconFileText size={16} aria-hidden />
        <MaterialLink citation={citation} />
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <IconMessageQuestion size={16} aria-hidden />
      <Text size="sm">
        {citation.slide
          ? t('conversations.citation.slide', { title: citation.title, slide: citation.slide })
          : citation.title}
      </Text>
    </Group>
  );
}

/** The sources an answer cites, each opening where it came from. */
export function CitationLinks({ citations }: { citations: Citation[] }) {
  const t = useT();
  if (citations.length === 0) return null;
  return (
    <Stack gap={4} mt="xs" data-testid="citations">
      <Text size="xs" c="dimmed" fw={600}>
        {t('conversations.citation.sources')}
      </Text>
      {citations.map((citation) => (
        <CitationItem key={citation.chunkId} citation={citation} />
      ))}
    </Stack>
  );
}
