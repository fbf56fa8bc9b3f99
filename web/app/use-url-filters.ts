import { useSearchParams } from 'react-router';

/**
 * List pages keep their search, filters and page in the URL, so a reload or a shared link shows the same
 * list. `update` sets or clears (null or '') keys and, unless told otherwise, goes back to page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete('page');
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { params, page, update, clear };
}
