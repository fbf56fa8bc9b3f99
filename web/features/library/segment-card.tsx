import {
  ActionIcon,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Image,
  Menu,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconPlayerStop,
  IconPlus,
  IconTrash,
  IconVolume,
} from '@tabler/icons-react';
import type { SegmentView } from '../../../common/contracts/library';
import { estimateSegment, LIBRARY_LIMITS } from '../../../common/library';
import { useLocale } from '../../app/i18n';
import type { DraftSegment } from './draft';
import { estimateLabel } from './format';
import { useT } from './i18n';
import { SegmentStatusBadge } from './status-badges';

interface Props {
  segment: DraftSegment;
  /** 1-based position, used in every label ('Segment 2'). */
  number: number;
  total: number;
  /** The server's view of this segment, when it is saved. */
  saved: SegmentView | undefined;
  slideUrl: string | null;
  locked: boolean;
  showStatus: boolean;
  canAdd: boolean;
  playing: boolean;
  /** Pointed at from teacher insights (`?slide=`): framed so the eye finds it. */
  highlighted?: boolean;
  onChange: (description: string) => void;
  onMove: (delta: -1 | 1) => void;
  onAdd: (copySlide: boolean) => void;
  onDelete: () => void;
  onHear: () => void;
}

/** One slide and its narration, with the actions on it (each button named with the segment's number). */
export function SegmentCard(props: Props) {
  const { segment, number, total, saved, locked } = props;
  const estimate = estimateSegment(segment.description);
  const hasText = segment.description.trim().length > 0;
  const t = useT();
  const locale = useLocale();
  return (
    <Card
      withBorder
      padding="sm"
      role="listitem"
      aria-label={t('library.segment.label', { number })}
      data-testid="segment-card"
      data-highlighted={props.highlighted || undefined}
      style={
        props.highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
      }
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <AspectRatio ratio={16 / 9}>
            {props.slideUrl ? (
              <Image
                src={props.slideUrl}
                alt={t('library.segment.slideAlt', { number })}
                fit="contain"
                radius="sm"
              />
            ) : (
              <Center
                bg="var(--mantine-color-default-hover)"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text size="sm" c="dimmed">
                  {t(segment.copySlideOf ? 'library.segment.copied' : 'library.segment.blank')}
                </Text>
              </Center>
            )}
          </AspectRatio>
          <Group gap={6} mt={6}>
            <Text size="xs" c="dimmed">
              {t('library.segment.label', { number })}
              {saved?.page ? ` · ${t('library.segment.page', { page: saved.page })}` : ''}
              {saved?.heading ? ` · ${saved.heading}` : ''}
            </Text>
            {props.showStatus && saved && <SegmentStatusBadge status={saved.status} />}
            {!props.showStatus && (saved ? saved.changed : true) && (
              <Badge size="xs" variant="light" color="orange">
                {t('library.segment.notGenerated')}
              </Badge>
            )}
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap={6}>
            <Textarea
              aria-label={t('library.segment.narrationLabel', { number })}
              placeholder={t('library.segment.narrationPlaceholder')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={LIBRARY_LIMITS.narrationMax}
              value={segment.description}
              readOnly={locked}
              onChange={(event) => props.onChange(event.currentTarget.value)}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" data-testid="segment-estimate">
                {estimateLabel(estimate, locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {segment.description.length}/{LIBRARY_LIMITS.narrationMax}
              </Text>
            </Group>
            <Group gap={6} wrap="wrap">
              <Button
                size="xs"
                variant="light"
                leftSection={props.playing ? <IconPlayerStop size={14} /> : <IconVolume size={14} />}
                onClick={props.onHear}
                disabled={!hasText}
                aria-label={t(props.playing ? 'library.segment.stopLabel' : 'library.segment.hearLabel', {
                  number,
                })}
              >
                {t(props.playing ? 'library.segment.stop' : 'library.segment.hear')}
              </Button>
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPlus size={14} />}
                    disabled={locked || !props.canAdd}
                    aria-label={t('library.segment.addLabel', { number })}
                  >
                    {t('library.segment.add')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => props.onAdd(true)}>{t('library.segment.copy')}</Menu.Item>
                  <Menu.Item onClick={() => props.onAdd(false)}>{t('library.segment.blank')}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
              <Group gap={4} ml="auto">
                <Tooltip label={t('library.segment.moveUp')}>
                  <ActionIcon
                    variant="default"
                    onClick={() => props.onMove(-1)}
                    disabled={locked || number === 1}
                    aria-label={t('library.segment.moveUpLabel', { number })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('library.segment.moveDown')}>
                  <ActionIcon
                    variant="default"
                    onClick={() => props.onMove(1)}
                    disabled={locked || number === total}
                    aria-label={t('library.segment.moveDownLabel', { number })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('library.segment.delete')}>
                  <ActionIcon
                    variant="light"
                    color="red"
                    onClick={props.onDelete}
                    disabled={locked}
                    aria-label={t('library.segment.deleteLabel', { number })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
