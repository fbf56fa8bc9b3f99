import { isLocale, type Locale } from '../../common/i18n/locales';
import { SERVER_DRAWN_STATE_ID } from '../../common/server-drawn';

/**
 * The server's word that it drew this page (decision 071): its state element, and the page inside the root. A page
 * without both (every logged-in one, or a drawing that failed) is drawn by the browser.
 */
export function drawnByServer(
  container: HTMLElement,
): { locale: Locale; queries: unknown; parts: string[] } | null {
  const state = document.getElementById(SERVER_DRAWN_STATE_ID);
  if (!state || !container.firstElementChild) return null;
  try {
    const parsed = JSON.parse(state.textContent ?? '') as {
      locale?: unknown;
      queries?: unknown;
      parts?: unknown;
    };
    const parts = Array.isArray(parsed.parts) ? parsed.parts.filter((part) => typeof part === 'string') : [];
    return isLocale(parsed.locale) ? { locale: parsed.locale, queries: parsed.queries, parts } : null;
  } catch {
    return null;
  }
}
