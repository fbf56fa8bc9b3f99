import { Group, Image } from '@mantine/core';
import type { ShownImage } from '../../../common/quizzes';

/**
 * A question's pictures under its prompt (brought in from a Moodle or QTI bank): as wide as the column allows and
 * never taller than a phone's half screen, loaded only when scrolled to, each with the file's own alt text.
 * `thumbnails` draws them small, for lists.
 */
export function QuestionImages({
  images,
  thumbnails = false,
}: {
  images: ShownImage[];
  thumbnails?: boolean;
}) {
  if (images.length === 0) return null;
  return (
    <Group gap="xs" data-testid="question-images">
      {images.map((image) => (
        <Image
          key={image.url}
          src={image.url}
          alt={image.alt}
          loading="lazy"
          fit="contain"
          radius="sm"
          h={thumbnails ? 56 : undefined}
          w={thumbnails ? 'auto' : undefined}
          mah={thumbnails ? 56 : '45vh'}
          maw="100%"
        />
      ))}
    </Group>
  );
}
