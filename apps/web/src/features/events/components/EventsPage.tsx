import '../../../shared/i18n/events.texts.ts';
import type { EventItem } from '@vigil/contracts';
import { useEffect, useMemo, useState } from 'react';
import { can } from '../../../shared/cameras/visible-cameras.ts';
import type { EventFilters as Filters } from '../../../shared/events/filters.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useDeleteEvents } from '../api/delete-events.ts';
import { useEventTagList } from '../api/event-tags.ts';
import { useLabelCounts } from '../api/label-counts.ts';
import { useCameras } from '../api/list-cameras.ts';
import { useEvents } from '../api/list-events.ts';
import { heldBack } from '../held.ts';
import { dayBounds, EVENTS_MAX_CAMERAS, isoDate } from '../model.ts';
import { type RuleAlert, useAlerts } from '../realtime/use-alerts.ts';
import { EventCard } from './EventCard.tsx';
import { EventFilters, type FilterState } from './EventFilters.tsx';
import { EventPreview } from './EventPreview.tsx';
import { RuleAlerts, withRuleAlert } from './RuleAlerts.tsx';

/**
 * /events (spec 000 §2, 001 §4, §7): events with thumbnails, newest first, the next page of 50 loaded on scroll;
 * filters; new alerts appear without a reload; select and delete in bulk (batched by logger and camera); an
 * event opens in the media preview modal.
 */
export function EventsPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.events'), brand.name);
  const cameras = useCameras();
  const [state, setState] = useState<FilterState>(() => {
    const today = isoDate(Date.now());
    return { cameras: new Set(), from: today, to: today, label: undefined, tags: new Set() };
  });
  // Every camera (up to the picker's max) until the person picks.
  const [picked, setPicked] = useState(false);
  const allUidds = useMemo(() => (cameras.data ?? []).map((c) => c.uidd), [cameras.data]);
  const chosen = picked ? [...state.cameras] : allUidds.slice(0, EVENTS_MAX_CAMERAS);
  const filters: Filters = {
    uidds: chosen,
    start: dayBounds(state.from).start,
    end: dayBounds(state.to).end,
    label: state.label,
    tags: [...state.tags],
  };
  const events = useEvents(filters);
  const labels = useLabelCounts(filters);
  const tagList = useEventTagList(filters);
  const [rules, setRules] = useState<RuleAlert[]>([]);
  useAlerts(chosen, undefined, (a) => setRules((l) => withRuleAlert(l, a)));
  const loaded = useMemo(() => events.data?.pages.flat() ?? [], [events.data]);
  const names = useMemo(
    () => new Map<string, string>((cameras.data ?? []).map((c) => [c.uidd, c.name])),
    [cameras.data],
  );
  const cameraName = (uidd: string) => names.get(uidd) ?? uidd;
  // Deleting and tagging events take the right to delete the camera's video (decision 0010).
  const deletable = useMemo(
    () => new Set((cameras.data ?? []).filter((c) => can(c, 'delete')).map((c) => c.uidd as string)),
    [cameras.data],
  );
  const mayDelete = (uidd: string) => deletable.has(uidd);

  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The previewed event by id, not by place: the list refetches under it (new alerts, a tag added) and shifts.
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<EventItem[] | null>(null);
  const del = useDeleteEvents();

  // The first load draws filters and list at once, when the cameras, events, labels and tags have all come: on a
  // phone the filters sit above the list, and cards drawn before them were pushed down as each filter filled in (a
  // layout shift of 0.107, decision 0764). Later filter changes keep the filters and reload the list alone.
  const settling =
    (events.isPending && chosen.length > 0) || labels.isLoading || tagList.isLoading || cameras.isLoading;
  const [ready, setReady] = useState(false);
  if (!ready && !settling) setReady(true);
  // Live events wait above the list behind a button in a reserved row (decision 0768): inserted on their own they
  // pushed the cards down under the person's eyes. What is shown whole is set once a list has loaded (first load,
  // a filter change) and when the person asks for the new ones.
  const [shownIds, setShownIds] = useState<Set<string> | undefined>(undefined);
  if (shownIds === undefined && !settling && events.isSuccess) setShownIds(new Set(loaded.map((e) => e.id)));
  const held = heldBack(loaded, shownIds);
  const list = useMemo(() => (held > 0 ? loaded.slice(held) : loaded), [loaded, held]);
  const showNew = () => setShownIds(new Set(loaded.map((e) => e.id)));
  const preview = previewId === null ? -1 : list.findIndex((e) => e.id === previewId);

  // The next page when the end of the list scrolls into view.
  // A state, not a ref: the sentinel is drawn only once the first load is in, and the observer must follow it.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    const el = sentinel;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, sentinel]);

  const change = (next: FilterState) => {
    if (next.cameras !== state.cameras) setPicked(true);
    setState(next);
    setShownIds(undefined);
    setSelected(new Set());
  };
  const pickerState = picked ? state : { ...state, cameras: new Set(chosen) };
  const doDelete = async (toDelete: EventItem[]) => {
    setConfirm(null);
    await del.mutateAsync(toDelete);
    setSelected(new Set());
    setSelecting(false);
    setPreviewId(null);
  };
  const btn =
    'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm hover:bg-neutral-50 disabled:opacity-50';
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6" data-route-id="events">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.events')}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {deletable.size > 0 && (
            <button
              type="button"
              className={btn}
              aria-pressed={selecting}
              onClick={() => {
                setSelecting((s) => !s);
                setSelected(new Set());
              }}
            >
              {selecting ? t('events.cancelSelect') : t('events.select')}
            </button>
          )}
          {selecting && (
            <>
              <button
                type="button"
                className={btn}
                onClick={() =>
                  setSelected(new Set(list.filter((e) => mayDelete(e.cameraUidd)).map((e) => e.id)))
                }
              >
                {t('events.selectLoaded')}
              </button>
              <button
                type="button"
                className={`${btn} border-red-300 text-red-700`}
                disabled={selected.size === 0 || del.isPending}
                onClick={() => setConfirm(list.filter((e) => selected.has(e.id)))}
              >
                {t('events.deleteSelected', { count: selected.size })}
              </button>
            </>
          )}
        </div>
      </div>
      {!ready ? (
        <p className="mt-4 text-neutral-600">{t('app.loading')}</p>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-[260px_1fr]">
          <aside>
            <EventFilters
              value={pickerState}
              onChange={change}
              cameras={(cameras.data ?? []).map((c) => ({ key: c.uidd, label: c.name }))}
              labels={labels.data ?? []}
              tags={tagList.data ?? []}
            />
          </aside>
          <div>
            <RuleAlerts alerts={rules} cameraName={cameraName} />
            <NewEvents count={held} onShow={showNew} className={btn} />
            {del.isError && <p className="mb-2 text-sm text-red-600">{t('errors.generic')}</p>}
            {settling ? (
              <p className="text-neutral-600">{t('app.loading')}</p>
            ) : list.length === 0 ? (
              <p className="rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center text-neutral-600">
                {chosen.length === 0 && !cameras.isPending ? t('events.noCameras') : t('events.none')}
              </p>
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="event-list">
                {list.map((e) => (
                  <EventCard
                    key={e.id}
                    event={e}
                    cameraName={cameraName(e.cameraUidd)}
                    selecting={selecting}
                    selected={selected.has(e.id)}
                    onToggle={() =>
                      setSelected((s) => {
                        const n = new Set(s);
                        if (n.has(e.id)) n.delete(e.id);
                        else n.add(e.id);
                        return n;
                      })
                    }
                    onOpen={() => setPreviewId(e.id)}
                  />
                ))}
              </ul>
            )}
            <div ref={setSentinel} className="h-8" data-testid="list-end" />
            {isFetchingNextPage && <p className="text-center text-sm text-neutral-600">{t('app.loading')}</p>}
          </div>
        </div>
      )}
      {preview >= 0 && (
        <EventPreview
          events={list}
          index={preview}
          onIndexChange={(i) => setPreviewId(list[i]?.id ?? null)}
          onClose={() => setPreviewId(null)}
          cameraName={cameraName}
          knownTags={tagList.data ?? []}
          onDelete={(e) => setConfirm([e])}
          mayChange={mayDelete}
        />
      )}
      {confirm && (
        <div className="fixed inset-0 z-[1100] flex items-center justify-center bg-black/50 p-4">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-label={t('events.confirmTitle')}
            className="w-full max-w-sm rounded-xl bg-white p-5"
          >
            <p>{t('events.confirmText', { count: confirm.length })}</p>
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" className={btn} onClick={() => setConfirm(null)}>
                {t('events.cancel')}
              </button>
              <button
                type="button"
                className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white"
                onClick={() => void doDelete(confirm)}
              >
                {t('events.delete')}
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/** "N new events", in a row reserved above the list: it appears without moving the list (decision 0768). */
function NewEvents(p: { count: number; onShow: () => void; className: string }) {
  const { t } = useTranslation();
  return (
    <div className="mb-2 flex h-11 items-center" role="status">
      {p.count > 0 && (
        <button type="button" className={p.className} onClick={p.onShow} data-testid="new-events">
          {t('events.newAlerts', { count: p.count })}
        </button>
      )}
    </div>
  );
}
