import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * List state (filters, search, page) kept in the URL query so that links such as
 * /admin/users?category=primary and the back button work. Changing a filter resets the page.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);

  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number | null>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (!('page' in changes)) next.delete('page');
          for (const [k, v] of Object.entries(changes) as [string, string | number | null][]) {
            if (v === null || v === '' || (k === 'page' && Number(v) <= 1)) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { values, page, set };
}
