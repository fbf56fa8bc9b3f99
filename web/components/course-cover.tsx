import { AspectRatio, Image } from '@mantine/core';
import {
  IconAbc,
  IconBook,
  IconBriefcase,
  IconCode,
  IconFlask,
  IconHeartbeat,
  IconMath,
  IconMusic,
  IconPalette,
  IconSchool,
  IconSparkles,
  type TablerIcon,
} from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { COURSE_CATEGORIES } from '../../common/courses';

type CourseCategory = (typeof COURSE_CATEGORIES)[number];

/** Each subject's colour and mark, so a shelf of generated covers reads at a glance. */
const SUBJECTS: Record<CourseCategory, { color: string; icon: TablerIcon }> = {
  Mathematics: { color: 'indigo', icon: IconMath },
  Science: { color: 'teal', icon: IconFlask },
  Languages: { color: 'grape', icon: IconAbc },
  'Computer Science': { color: 'blue', icon: IconCode },
  Business: { color: 'orange', icon: IconBriefcase },
  'Arts and Design': { color: 'pink', icon: IconPalette },
  Music: { color: 'violet', icon: IconMusic },
  'Health and Fitness': { color: 'green', icon: IconHeartbeat },
  'Exam Preparation': { color: 'red', icon: IconSchool },
  'Personal Development': { color: 'yellow', icon: IconSparkles },
  Other: { color: 'cyan', icon: IconBook },
};
const FALLBACK = SUBJECTS.Other;

// The container whose width the cover's sizes (cqw) are measured against; the band inside is laid out by them.
const frame: CSSProperties = { containerType: 'inline-size', overflow: 'hidden' };
const band: CSSProperties = {
  position: 'relative',
  width: '100%',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  padding: '6cqw 7cqw',
  color: 'white',
};

/**
 * A course's cover: its uploaded picture, or — without one — a cover made from what the course is (title,
 * subject colour and mark, teacher), never a lesson frame or a slide that reads as noise at card size. It
 * repeats the card's own title, so it is hidden from assistive technology.
 */
export function CourseCover({
  pictureUrl,
  title,
  category,
  teacherName,
}: {
  pictureUrl: string | null;
  title: string;
  category: string;
  teacherName: string;
}) {
  if (pictureUrl) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Image src={pictureUrl} alt="" />
      </AspectRatio>
    );
  }
  const subject = SUBJECTS[category as CourseCategory] ?? FALLBACK;
  const Icon = subject.icon;
  // The darker shades keep white text above 4.5:1 across the whole gradient, in light and dark schemes.
  const background = `linear-gradient(135deg, var(--mantine-color-${subject.color}-9), var(--mantine-color-${subject.color}-7))`;
  return (
    <AspectRatio ratio={16 / 9}>
      <div style={{ ...frame, background }} aria-hidden data-testid="generated-cover">
        <div style={band}>
          {/* The mark bleeds off the corner: its view box is cropped (not the frame's overflow), so nothing in the
              card's link reads as clipped text. */}
          <Icon
            stroke={1.2}
            viewBox="0 0 20 18"
            style={{
              position: 'absolute',
              right: 0,
              bottom: 0,
              width: '40cqw',
              height: '36cqw',
              opacity: 0.18,
            }}
          />
          <span
            style={{
              fontSize: 'max(11px, 3.6cqw)',
              fontWeight: 600,
              letterSpacing: '0.06em',
              textTransform: 'uppercase',
            }}
          >
            {category}
          </span>
          <span
            style={{
              fontSize: 'max(16px, 7.5cqw)',
              fontWeight: 800,
              lineHeight: 1.15,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              position: 'relative',
            }}
          >
            {title}
          </span>
          <span style={{ fontSize: 'max(11px, 3.8cqw)', opacity: 0.92, position: 'relative' }}>
            {teacherName}
          </span>
        </div>
      </div>
    </AspectRatio>
  );
}
