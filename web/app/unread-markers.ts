import { api } from './api';
import { LS, readJson, writeJson } from './storage';

/** The two kinds of new-message marker of SPEC §3/§4, with the call that says what the server counts unread. */
const MARKERS = {
  chat: { key: LS.newChatIds, path: '/conversations/unread', field: 'newChatIds' },
  help: { key: LS.newHelpIds, path: '/support/unread', field: 'newHelpIds' },
} as const;

export type MarkerKind = keyof typeof MARKERS;

/**
 * Merges what the server counts as unread into newChatIds / newHelpIds, so a dot survives a reload, a new login
 * or another device, and a reply that came while no socket was open (it was e-mailed) still shows.
 */
export async function syncUnreadMarkers(kind: MarkerKind): Promise<void> {
  const marker = MARKERS[kind];
  const answer = await api<Record<string, string[]>>(marker.path);
  const ids = readJson<string[]>(marker.key, []);
  const merged = [...new Set([...ids, ...(answer[marker.field] ?? [])])];
  if (merged.length !== ids.length) writeJson(marker.key, merged);
}

/** Opening a conversation or ticket clears its marker. */
export function forgetUnread(kind: MarkerKind, id: string): void {
  const marker = MARKERS[kind];
  const ids = readJson<string[]>(marker.key, []);
  if (ids.includes(id))
    writeJson(
      marker.key,
      ids.filter((other) => other !== id),
    );
}
