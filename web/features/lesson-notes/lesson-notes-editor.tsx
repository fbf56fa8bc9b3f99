import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  type AuthorLessonNotes,
  type GlossaryEntry,
  LESSON_NOTES_LIMITS,
  type LessonNotesUpdate,
  type SummaryLine,
} from '../../../common/contracts/lesson-notes';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useAuthorNotes, useNotesMutations } from './api';
import { useT } from './i18n';
import { NoteRows } from './note-rows';

interface Draft {
  summary: SummaryLine[];
  glossary: GlossaryEntry[];
  summaryHidden: boolean;
  glossaryHidden: boolean;
}

const draftOf = (notes: AuthorLessonNotes): Draft => ({
  summary: notes.summary,
  glossary: notes.glossary,
  summaryHidden: notes.summaryHidden,
  glossaryHidden: notes.glossaryHidden,
});

const secondsOf = (value: string | number): number | null =>
  value === '' || !Number.isFinite(Number(value)) ? null : Number(value);

/** The second a line links to: empty for none. */
function SecondsInput({
  value,
  label,
  onChange,
}: {
  value: number | null;
  label: string;
  onChange: (seconds: number | null) => void;
}) {
  const t = useT();
  return (
    <NumberInput
      label={t('lesson-notes.editor.seconds')}
      aria-label={label}
      value={value ?? ''}
      onChange={(next) => onChange(secondsOf(next))}
      min={0}
      max={LESSON_NOTES_LIMITS.maxSeconds}
      decimalScale={1}
      w={130}
    />
  );
}

function NotesForm({
  videoId,
  notes,
  onDone,
}: {
  videoId: string;
  notes: AuthorLessonNotes;
  onDone: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(notes));
  const [error, setError] = useState<string | null>(null);
  const { save, regenerate } = useNotesMutations(videoId);
  useEffect(() => setDraft(draftOf(notes)), [notes]);

  const submit = () => {
    setError(null);
    const body: LessonNotesUpdate = {
      summaryHidden: draft.summaryHidden,
      glossaryHidden: draft.glossaryHidden,
    };
    // Only a changed list counts as the teacher's edit; a switch alone keeps the notes drafted.
    if (JSON.stringify(draft.summary) !== JSON.stringify(notes.summary)) body.summary = draft.summary;
    if (JSON.stringify(draft.glossary) !== JSON.stringify(notes.glossary)) body.glossary = draft.glossary;
    save.mutate(body, {
      onSuccess: () => {
        toast('success', t('lesson-notes.editor.saved'));
        onDone();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  const draftAgain = () =>
    confirmDestructive({
      title: t('lesson-notes.editor.draftAgainTitle'),
      message: t('lesson-notes.editor.draftAgainMessage'),
      confirmLabel: t('lesson-notes.editor.draftAgainConfirm'),
      cancelLabel: t('lesson-notes.editor.cancel'),
      onConfirm: () =>
        regenerate.mutate(undefined, {
          onSuccess: () => toast('success', t('lesson-notes.editor.drafted.toast')),
          onError: (failure) => setError(failure.message),
        }),
    });

  return (
    <Stack>
      {notes.stale && (
        <Alert color="yellow" role="status" data-testid="lesson-notes-stale">
          {t('lesson-notes.editor.stale')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('lesson-notes.editor.drafted')}{' '}
        {t('lesson-notes.editor.limits', {
          sentences: LESSON_NOTES_LIMITS.summarySentences,
          terms: LESSON_NOTES_LIMITS.glossaryTerms,
        })}
      </Text>

      <NoteRows
        title={t('lesson-notes.editor.summary')}
        hideLabel={t('lesson-notes.editor.hideSummary')}
        hidden={draft.summaryHidden}
        onHiddenChange={(summaryHidden) => setDraft((d) => ({ ...d, summaryHidden }))}
        emptyText={t('lesson-notes.editor.noSummary')}
        rows={draft.summary}
        onRowsChange={(summary) => setDraft((d) => ({ ...d, summary }))}
        fields={(line, index, set) => (
          <>
            <Textarea
              label={t('lesson-notes.editor.sentence', { number: index + 1 })}
              value={line.text}
              onChange={(event) => set({ text: event.currentTarget.value })}
              autosize
              minRows={1}
              maxLength={LESSON_NOTES_LIMITS.sentenceLength}
              style={{ flex: '1 1 16rem', minWidth: 0 }}
            />
            <SecondsInput
              value={line.seconds}
              label={t('lesson-notes.editor.secondsLabel', { number: index + 1 })}
              onChange={(seconds) => set({ seconds })}
            />
          </>
        )}
        removeLabel={(index) => t('lesson-notes.editor.removeSentence', { number: index + 1 })}
        addLabel={t('lesson-notes.editor.addSentence')}
        max={LESSON_NOTES_LIMITS.summarySentences}
        blank={{ text: '', seconds: null }}
      />

      <NoteRows
        title={t('lesson-notes.editor.keyTerms')}
        hideLabel={t('lesson-notes.editor.hideGlossary')}
        hidden={draft.glossaryHidden}
        onHiddenChange={(glossaryHidden) => setDraft((d) => ({ ...d, glossaryHidden }))}
        emptyText={t('lesson-notes.editor.noTerms')}
        rows={draft.glossary}
        onRowsChange={(glossary) => setDraft((d) => ({ ...d, glossary }))}
        fields={(entry, index, set) => (
          <>
            <TextInput
              label={t('lesson-notes.editor.term', { number: index + 1 })}
              value={entry.term}
              onChange={(event) => set({ term: event.currentTarget.value })}
              maxLength={LESSON_NOTES_LIMITS.termLength}
              style={{ flex: '1 1 10rem', minWidth: 0 }}
            />
            <Textarea
              label={t('lesson-notes.editor.explanation', { number: index + 1 })}
              value={entry.explanation}
              onChange={(event) => set({ explanation: event.currentTarget.value })}
              autosize
              minRows={1}
              maxLength={LESSON_NOTES_LIMITS.explanationLength}
              style={{ flex: '2 1 16rem', minWidth: 0 }}
            />
            <SecondsInput
              value={entry.seconds}
              label={t('lesson-notes.editor.secondsLabel', { number: index + 1 })}
              onChange={(seconds) => set({ seconds })}
            />
          </>
        )}
        removeLabel={(index) => t('lesson-notes.editor.removeTerm', { number: index + 1 })}
        addLabel={t('lesson-notes.editor.addTerm')}
        max={LESSON_NOTES_LIMITS.glossaryTerms}
        blank={{ term: '', explanation: '', seconds: null }}
      />

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="subtle"
          leftSection={<IconRefresh size={16} />}
          onClick={draftAgain}
          loading={regenerate.isPending}
        >
          {t('lesson-notes.editor.draftAgain')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('lesson-notes.editor.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('lesson-notes.editor.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** A lesson's "Summary and key terms" button in the course editor, and the modal that edits both. */
export function LessonNotesButton({ videoId, title }: { videoId: string; title: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const notes = useAuthorNotes(videoId, opened);
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconListDetails size={14} />}
        onClick={() => setOpened(true)}
        aria-label={t('lesson-notes.editor.openLabel', { title })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('lesson-notes.editor.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('lesson-notes.editor.title', { title })}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('lesson-notes.editor.cancel') }}
      >
        {notes.isPending ? (
          <Loader size="sm" role="status" aria-label={t('lesson-notes.editor.loading')} />
        ) : notes.isError ? (
          <Alert color="red">{notes.error.message}</Alert>
        ) : (
          <NotesForm videoId={videoId} notes={notes.data} onDone={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}
