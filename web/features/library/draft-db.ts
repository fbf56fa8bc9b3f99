import { FONTS, type FontName, isFontName } from '../../../common/fonts';
import type { LibraryDraft } from './draft';

/**
 * The browser's local database (SPEC §9 'Local database version 3'): IndexedDB 'gurukul' v3 with
 *  - 'courseLibrary': 'iDbCourseLibraryId' → the library being edited; 'draft:<id>' → its LibraryDraft;
 *  - 'fonts': 'list' → the FONTS list; 'library:<id>' → the font chosen for that library.
 * Every call fails soft (private mode, blocked storage, an older browser): it resolves to null or nothing,
 * and the wizard simply works without the local copy.
 */
const DB_NAME = 'gurukul';
const DB_VERSION = 3;
const LIBRARY_STORE = 'courseLibrary';
const FONTS_STORE = 'fonts';
const CURRENT_KEY = 'iDbCourseLibraryId';
type StoreName = typeof LIBRARY_STORE | typeof FONTS_STORE;

let opening: Promise<IDBDatabase | null> | null = null;

const promised = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openDb(): Promise<IDBDatabase | null> {
  if (opening) return opening;
  opening = new Promise<IDBDatabase | null>((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        // Earlier versions may hold other stores (their content is not ours to drop); add ours if missing.
        for (const name of [LIBRARY_STORE, FONTS_STORE]) {
          if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading later must not be blocked by this connection.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

async function read<T>(store: StoreName, key: string): Promise<T | null> {
  try {
    const db = await openDb();
    if (!db) return null;
    const value = await promised(db.transaction(store, 'readonly').objectStore(store).get(key));
    return (value as T | undefined) ?? null;
  } catch {
    return null;
  }
}

async function write(store: StoreName, key: string, value: unknown): Promise<void> {
  try {
    const db = await openDb();
    if (!db) return;
    await promised(db.transaction(store, 'readwrite').objectStore(store).put(value, key));
  } catch {
    // Fail soft: the server copy still saves.
  }
}

async function remove(store: StoreName, key: string): Promise<void> {
  try {
    const db = await openDb();
    if (!db) return;
    await promised(db.transaction(store, 'readwrite').objectStore(store).delete(key));
  } catch {
    // Nothing to clean up when the database is unavailable.
  }
}

export const getCurrentLibraryId = () => read<string>(LIBRARY_STORE, CURRENT_KEY);
export const setCurrentLibraryId = (id: string) => write(LIBRARY_STORE, CURRENT_KEY, id);

/** Forgets a library locally (after it was deleted): its draft, its font, and 'current' if it was. */
export async function forgetLibrary(id: string): Promise<void> {
  await remove(LIBRARY_STORE, `draft:${id}`);
  await remove(FONTS_STORE, `library:${id}`);
  if ((await getCurrentLibraryId()) === id) await remove(LIBRARY_STORE, CURRENT_KEY);
}

export const readDraft = (id: string) => read<LibraryDraft>(LIBRARY_STORE, `draft:${id}`);
export const writeDraft = (draft: LibraryDraft) => write(LIBRARY_STORE, `draft:${draft.libraryId}`, draft);
export const discardDraft = (id: string) => remove(LIBRARY_STORE, `draft:${id}`);

/** Keeps the fonts list next to the chosen font of the library (SPEC §9: the database also keeps fonts). */
export async function rememberFont(libraryId: string, font: FontName): Promise<void> {
  await write(FONTS_STORE, 'list', [...FONTS]);
  await write(FONTS_STORE, `library:${libraryId}`, font);
}

export async function rememberedFont(libraryId: string): Promise<FontName | null> {
  const font = await read<string>(FONTS_STORE, `library:${libraryId}`);
  return isFontName(font) ? font : null;
}
