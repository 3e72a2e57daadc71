/** What a report's polite status line says of its query: failed, loading, or that it found nothing. */
export type QueryStatusKey = 'failed' | 'loading' | 'none';

/**
 * The status line of a report page (PPE, people counts): the failure first, then a fetch under way, then an
 * answer with no rows; nothing while rows show. `text` names each state in the page's own texts.
 */
export function queryStatus(
  query: { isError: boolean; isFetching: boolean; data?: unknown },
  empty: boolean,
  text: (key: QueryStatusKey) => string,
): string {
  if (query.isError) return text('failed');
  if (query.isFetching) return text('loading');
  return query.data && empty ? text('none') : '';
}
