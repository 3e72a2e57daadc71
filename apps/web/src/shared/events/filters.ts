/** What the events page asks for: cameras, a time range, a label and tags. */
export interface EventFilters {
  uidds: string[];
  /** Epoch ms. */
  start: number;
  end: number;
  label?: string | undefined;
  tags?: string[] | undefined;
}

/** Query parameters of GET /events and its siblings for these filters. */
export const filterQuery = (f: EventFilters) => ({
  uidd: f.uidds.join(','),
  startt: f.start,
  endt: f.end,
  rekogLabel: f.label || undefined,
  tags: f.tags?.length ? f.tags.join(',') : undefined,
});
