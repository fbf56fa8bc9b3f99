import { useCallback, useEffect, useState } from 'react';
import { type LibraryDetail, librarySettingsSchema } from '../../../common/contracts/library';
import { saveSegments, saveSettings, useStoreDetail } from './api';
import {
  type DraftSegment,
  type EditableSettings,
  type LibraryDraft,
  segmentsOf,
  settingsOf,
  shouldOfferDraft,
  toSegmentsInput,
  withSavedIds,
} from './draft';
import { discardDraft, readDraft, rememberFont, setCurrentLibraryId, writeDraft } from './draft-db';
import { t } from './i18n';
import { type SaveStatus, useAutosave } from './use-autosave';

const serializeSegments = (segments: DraftSegment[]) => JSON.stringify(toSegmentsInput(segments));
const serializeSettings = (settings: EditableSettings) => JSON.stringify(settings);

/**
 * Why these settings cannot be saved yet, in the spec's words; null when they can. Voices not chosen yet do
 * not stop a save (the look is kept meanwhile); Generate asks for them.
 */
export function settingsProblem(settings: EditableSettings): string | null {
  const parsed = librarySettingsSchema.safeParse(settings);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? t('library.save.checkSettings'));
}

const combined = (a: SaveStatus, b: SaveStatus): SaveStatus => {
  for (const status of ['error', 'saving', 'pending'] as const)
    if (a === status || b === status) return status;
  return 'saved';
};

/**
 * The wizard's edited copy of one library: written to IndexedDB at every edit, saved to the server
 * after a pause (segments and settings separately), and offered back from IndexedDB when the browser
 * holds changes the server never got. Mount it once per library (key the component by id).
 */
export function useLibraryEditor(detail: LibraryDetail) {
  const libraryId = detail.id;
  const storeDetail = useStoreDetail();
  const [segments, setSegments] = useState<DraftSegment[]>(() => segmentsOf(detail));
  const [settings, setSettings] = useState<EditableSettings>(() => settingsOf(detail));
  const [baseline] = useState(() => ({
    segments: serializeSegments(segmentsOf(detail)),
    settings: serializeSettings(settingsOf(detail)),
  }));
  const [offer, setOffer] = useState<LibraryDraft | null>(null);
  const [decided, setDecided] = useState(false);
  const [edits, setEdits] = useState(0);

  // Read the local draft once, against the server copy this editor started from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another library is opened
  useEffect(() => {
    let live = true;
    void setCurrentLibraryId(libraryId);
    void readDraft(libraryId).then((draft) => {
      if (!live) return;
      if (shouldOfferDraft(draft, detail)) setOffer(draft);
      setDecided(true);
    });
    return () => {
      live = false;
    };
  }, [libraryId]);

  // Every edit goes to IndexedDB at once, so a reload or a lost connection keeps it.
  useEffect(() => {
    if (edits === 0) return;
    void writeDraft({ libraryId, segments, settings, savedAt: Date.now() });
  }, [edits, libraryId, segments, settings]);

  const editSegments = useCallback((change: (now: DraftSegment[]) => DraftSegment[]) => {
    setSegments(change);
    setEdits((count) => count + 1);
  }, []);

  const editSettings = useCallback(
    (change: Partial<EditableSettings>) => {
      setSettings((now) => ({ ...now, ...change }));
      setEdits((count) => count + 1);
      if (change.fontFamily) void rememberFont(libraryId, change.fontFamily);
    },
    [libraryId],
  );

  const enabled = decided && !offer;
  const segmentSaver = useAutosave({
    value: segments,
    enabled,
    baseline: baseline.segments,
    serialize: serializeSegments,
    invalid: (value) => (value.length === 0 ? t('libraryMsg.lastSegment') : null),
    save: async (sent) => {
      const saved = await saveSegments(libraryId, toSegmentsInput(sent));
      storeDetail(saved);
      const ids = saved.segments.map((segment) => segment.id);
      setSegments((now) => withSavedIds(now, sent, ids));
      return withSavedIds(sent, sent, ids);
    },
  });
  const settingsSaver = useAutosave({
    value: settings,
    enabled,
    baseline: baseline.settings,
    serialize: serializeSettings,
    invalid: settingsProblem,
    save: async (sent) => {
      storeDetail(await saveSettings(libraryId, librarySettingsSchema.parse(sent)));
      return undefined;
    },
  });

  const restore = () => {
    if (!offer) return;
    setSegments(offer.segments);
    setSettings(offer.settings);
    setOffer(null);
  };
  const discard = () => {
    void discardDraft(libraryId);
    setOffer(null);
  };

  /** Saves what waits (before generating); rejects with the reason when it cannot. */
  const flush = async () => {
    await segmentSaver.flush();
    await settingsSaver.flush();
  };
  const retry = () => {
    if (segmentSaver.status === 'error') segmentSaver.retry();
    if (settingsSaver.status === 'error') settingsSaver.retry();
  };

  return {
    segments,
    settings,
    editSegments,
    editSettings,
    offer,
    restore,
    discard,
    flush,
    retry,
    saveStatus: combined(segmentSaver.status, settingsSaver.status),
    saveError: segmentSaver.error ?? settingsSaver.error,
    settingsError: settingsSaver.error,
  };
}
