import { api } from './api';
import { LS, readJson, writeJson } from './storage';

/** The two kinds of new-message marker of SPEC §3/§4, with the call that says what the server counts unread. */
const MARKERS = {
  chat: { key: LS.newChatIds, path: '/conversations/unread', field: 'newChatIds' },
  help: { key: LS.newHelpIds, path: '/support/unread', field: 'newHelpIds' },
} as const;

export type MarkerKind = keyof typeof MARKERS;

/**
 * The one writer of the markers. SPEC §4 also lists `newChat`: kept here as the flag "some conversation has
 * something new" (true/false), always in step with newChatIds, and read by the side navigation's dot
 * (docs/decisions/040-fonts-pictures-brands-and-page-views.md).
 */
function writeMarkers(kind: MarkerKind, ids: string[]): void {
  writeJson(MARKERS[kind].key, ids);
  if (kind === 'chat') writeJson(LS.newChat, ids.length > 0);
}

/** A reply arrived for a conversation or ticket that is not open: mark it new. */
export function rememberUnread(kind: MarkerKind, id: string): void {
  const ids = readJson<string[]>(MARKERS[kind].key, []);
  if (!ids.includes(id)) writeMarkers(kind, [...ids, id]);
}

/**
 * Merges what the server counts as unread into newChatIds / newHelpIds, so a dot survives a reload, a new login
 * or another device, and a reply that came while no socket was open (it was e-mailed) still shows.
 */
export async function syncUnreadMarkers(kind: MarkerKind): Promise<void> {
  const marker = MARKERS[kind];
  const answer = await api<Record<string, string[]>>(marker.path);
  const ids = readJson<string[]>(marker.key, []);
  const merged = [...new Set([...ids, ...(answer[marker.field] ?? [])])];
  if (merged.length !== ids.length || (kind === 'chat' && readJson(LS.newChat, null) === null))
    writeMarkers(kind, merged);
}

/** Opening a conversation or ticket clears its marker. */
export function forgetUnread(kind: MarkerKind, id: string): void {
  const marker = MARKERS[kind];
  const ids = readJson<string[]>(marker.key, []);
  if (ids.includes(id))
    writeMarkers(
      kind,
      ids.filter((other) => other !== id),
    );
}
