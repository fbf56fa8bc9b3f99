import { Alert, Anchor, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LibraryDetail } from '../../../common/contracts/library';
import { LIBRARY_LIMITS } from '../../../common/library';
import { formatDateTime } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { LinkButton } from '../../components/link-button';
import { LoadFailed } from '../../components/load-failed';
import { PageLoader } from '../../components/page-loader';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useLibrary } from './api';
import { insertSegmentAfter, moveSegment } from './draft';
import { getCurrentLibraryId } from './draft-db';
import { GenerationPanel } from './generation-panel';
import { useT } from './i18n';
import { SaveStatusIndicator } from './save-status';
import { SegmentCard } from './segment-card';
import { SettingsPanel } from './settings-panel';
import { useLibraryEditor } from './use-library-editor';
import { useLibraryProgress } from './use-library-progress';
import { useNarrationPlayer } from './use-narration-player';
import { useSlideFocus } from './use-slide-focus';

/** Moves focus after the list changed under it, once React has drawn the new list. */
const focusLater = (...labels: string[]) =>
  requestAnimationFrame(() => {
    for (const label of labels) {
      const element = document.querySelector<HTMLElement>(`[aria-label="${label}"]:not([disabled])`);
      if (element) return element.focus();
    }
  });

function DraftOffer(props: { savedAt: number; onRestore: () => void; onDiscard: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Alert color="yellow" title={t('library.wizard.draftTitle')} data-testid="draft-offer">
      <Stack gap="xs">
        <Text size="sm">
          {t('library.wizard.draftText', { date: formatDateTime(props.savedAt, { locale }) })}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={props.onRestore}>
            {t('library.wizard.restore')}
          </Button>
          <Button size="xs" variant="default" onClick={props.onDiscard}>
            {t('library.wizard.discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function LibraryEditor({ detail }: { detail: LibraryDetail }) {
  const editor = useLibraryEditor(detail);
  const t = useT();
  useLibraryProgress(detail.id, detail.status === 'generating');
  const player = useNarrationPlayer(detail.id);
  const [lastSegmentWarning, setLastSegmentWarning] = useState(false);
  const [generateTried, setGenerateTried] = useState(false);
  useHotkeys([['mod+S', () => void editor.flush().catch(() => undefined)]], []);

  const { segments, settings } = editor;
  const locked = detail.status === 'generating';
  const showStatus = locked || detail.status === 'failed';
  const savedById = new Map(detail.segments.map((segment) => [segment.id, segment]));
  const limit = Math.min(detail.slideLimit ?? LIBRARY_LIMITS.segmentsMax, LIBRARY_LIMITS.segmentsMax);
  const canAdd = segments.length < limit;
  const focusedSlide = useSlideFocus(segments.length);

  const remove = (index: number) => {
    if (segments.length <= 1) {
      // Refused here, without asking the server: a library keeps at least one segment.
      setLastSegmentWarning(true);
      toast('warning', t('libraryMsg.lastSegment'));
      return;
    }
    const number = index + 1;
    confirmDestructive({
      title: t('library.wizard.deleteTitle', { number }),
      message: t('library.wizard.deleteMessage'),
      confirmLabel: t('library.wizard.deleteConfirm'),
      onConfirm: () => {
        editor.editSegments((now) => now.filter((_, at) => at !== index));
        focusLater(
          t('library.segment.narrationLabel', { number }),
          t('library.segment.narrationLabel', { number: number - 1 }),
        );
      },
    });
  };

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {settings.title.trim() || t('library.wizard.untitled')}
            </Title>
            <Text size="sm" c="dimmed">
              {detail.slideLimit === null
                ? t('library.wizard.source', { source: detail.sourceName, count: segments.length })
                : t('library.wizard.sourceLimit', {
                    source: detail.sourceName,
                    count: segments.length,
                    limit: detail.slideLimit,
                  })}
            </Text>
          </div>
          <Group gap="md">
            <SaveStatusIndicator status={editor.saveStatus} error={editor.saveError} onRetry={editor.retry} />
            <Anchor component={Link} to="/course-library-list">
              {t('library.wizard.all')}
            </Anchor>
          </Group>
        </Group>
        {editor.offer && (
          <DraftOffer savedAt={editor.offer.savedAt} onRestore={editor.restore} onDiscard={editor.discard} />
        )}
        {locked && (
          <Alert color="blue" variant="light">
            {t('libraryMsg.busy')}
          </Alert>
        )}
        {focusedSlide !== null && !locked && (
          <Alert color="blue" variant="light" data-testid="slide-focus-hint">
            {t('library.wizard.focusHint', { slide: focusedSlide })}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SettingsPanel
              detail={detail}
              settings={settings}
              locked={locked}
              generateTried={generateTried}
              onChange={editor.editSettings}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <GenerationPanel
                detail={detail}
                segments={segments}
                flush={editor.flush}
                onAttempt={() => setGenerateTried(true)}
              />
              {lastSegmentWarning && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  withCloseButton
                  closeButtonLabel={t('library.wizard.dismiss')}
                  onClose={() => setLastSegmentWarning(false)}
                >
                  {t('libraryMsg.lastSegment')}
                </Alert>
              )}
              <Stack gap="sm" role="list" aria-label={t('library.wizard.segments')}>
                {segments.map((segment, index) => {
                  const number = index + 1;
                  const saved = segment.id ? savedById.get(segment.id) : undefined;
                  const slideUrl =
                    saved?.slideUrl ??
                    (segment.copySlideOf ? (savedById.get(segment.copySlideOf)?.slideUrl ?? null) : null);
                  return (
                    <SegmentCard
                      key={segment.key}
                      segment={segment}
                      number={number}
                      total={segments.length}
                      saved={saved}
                      slideUrl={slideUrl}
                      locked={locked}
                      showStatus={showStatus}
                      canAdd={canAdd}
                      highlighted={number === focusedSlide}
                      playing={player.playing === segment.key}
                      onChange={(description) =>
                        editor.editSegments((now) =>
                          now.map((one) => (one.key === segment.key ? { ...one, description } : one)),
                        )
                      }
                      onMove={(delta) => {
                        editor.editSegments((now) => moveSegment(now, index, delta));
                        const moved = number + delta;
                        const up = t('library.segment.moveUpLabel', { number: moved });
                        const down = t('library.segment.moveDownLabel', { number: moved });
                        if (delta < 0) focusLater(up, down);
                        else focusLater(down, up);
                      }}
                      onAdd={(copySlide) => {
                        if (!canAdd) return toast('warning', t('libraryMsg.slideLimit'));
                        editor.editSegments((now) => insertSegmentAfter(now, index, copySlide));
                        focusLater(t('library.segment.narrationLabel', { number: number + 1 }));
                      }}
                      onDelete={() => remove(index)}
                      onHear={() => void player.play(segment.key, segment.description, settings.voice)}
                    />
                  );
                })}
              </Stack>
              <Text size="xs" c="dimmed">
                {t('library.wizard.autosave')}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function LibraryWizard({ id }: { id: string }) {
  const library = useLibrary(id);
  const t = useT();
  if (library.isPending) return <PageLoader />;
  if (library.isError) {
    return (
      <LoadFailed
        title={t('libraryMsg.notFound')}
        message={library.error.message}
        backTo="/course-library-list"
        backLabel={t('library.wizard.back')}
      />
    );
  }
  return <LibraryEditor detail={library.data} />;
}

/** /course-library-wizard?id=: narrate the slides, choose the look, generate; without id, the last one edited. */
export default function LibraryWizardPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [lookedUp, setLookedUp] = useState(false);

  useEffect(() => {
    if (id) return;
    let live = true;
    void getCurrentLibraryId().then((stored) => {
      if (!live) return;
      if (stored) setParams({ id: stored }, { replace: true });
      setLookedUp(true);
    });
    return () => {
      live = false;
    };
  }, [id, setParams]);

  if (id) return <LibraryWizard key={id} id={id} />;
  if (!lookedUp) return <PageLoader />;
  return <NoLibraryOpen />;
}

/** The wizard without a library: open one, or upload a deck when the plan lets the teacher add one. */
function NoLibraryOpen() {
  const lock = usePlanLock('courseLibrary', 'create');
  const t = useT();
  return (
    <Container size="sm">
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>{t('library.wizard.noneOpen')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('library.wizard.noneOpenText')}
          </Text>
          <Group>
            <Button component={Link} to="/course-library-list" variant="default">
              {t('library.wizard.library')}
            </Button>
            <LinkButton to="/course-library-upload" {...lockedControlProps(lock)}>
              {t('library.wizard.upload')}
            </LinkButton>
          </Group>
          <PlanLockNote lock={lock} />
        </Stack>
      </Card>
    </Container>
  );
}
