import type { Camera, PlateListEntry } from '@vigil/contracts';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useChangeWatchList, useWatchLists } from '../api/watch-lists.ts';
import { FIELD } from './DateRange.tsx';
import '../../../shared/i18n/vehicles.texts.ts';

type List = 'deny' | 'allow';
type Change = ReturnType<typeof useChangeWatchList>;

/** The accounts whose cameras are listed, named as the session's organisations are. */
function useOwners(cameras: readonly Camera[]) {
  const session = useSession();
  return useMemo(() => {
    const names = new Map((session?.organisations ?? []).map((o) => [o.ownerUid, o.name]));
    const uids = [...new Set(cameras.map((c) => c.owner as string))];
    return uids.map((uid) => ({ uid, name: names.get(uid) ?? uid }));
  }, [cameras, session]);
}

/** List, plate and note; the server's refusal shown and tied to the plate field. */
function AddPlateForm({ uid, change }: { uid: string; change: Change }) {
  const { t } = useTranslation();
  const ids = { plate: useId(), error: useId(), list: useId() };
  const [list, setList] = useState<List>('deny');
  const [plate, setPlate] = useState('');
  const [note, setNote] = useState('');
  const error = change.error?.message;
  const add = (e: FormEvent) => {
    e.preventDefault();
    const done = () => {
      setPlate('');
      setNote('');
    };
    change.mutate({ uid, list, plate, note }, { onSuccess: done });
  };
  return (
    <>
      <form onSubmit={add} className="mt-3 grid gap-2 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <div className="text-sm">
          {/* A label apart from the select: wrapped, the options' texts would join the select's name. */}
          <label htmlFor={ids.list}>{t('vehicles.list')}</label>
          <select
            id={ids.list}
            className={FIELD}
            value={list}
            onChange={(e) => setList(e.target.value as List)}
          >
            <option value="deny">{t('vehicles.denyList')}</option>
            <option value="allow">{t('vehicles.allowList')}</option>
          </select>
        </div>
        <label className="block text-sm" htmlFor={ids.plate}>
          {t('vehicles.plate')}
          <input
            id={ids.plate}
            className={`${FIELD} font-mono uppercase`}
            value={plate}
            onChange={(e) => setPlate(e.target.value)}
            aria-describedby={error ? ids.error : undefined}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            maxLength={20}
            required
          />
        </label>
        <label className="block text-sm">
          {t('vehicles.note')}
          <input className={FIELD} value={note} onChange={(e) => setNote(e.target.value)} maxLength={60} />
        </label>
        <button type="submit" className="rounded bg-blue-700 px-4 py-2 text-sm font-medium text-white">
          {t('vehicles.addPlate')}
        </button>
      </form>
      {error && (
        <p id={ids.error} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** One list: its plates with their notes, each with a remove button named with the plate and the list. */
function PlateList(p: { uid: string; list: List; title: string; rows: PlateListEntry[]; change: Change }) {
  const { t } = useTranslation();
  return (
    <section aria-label={p.title} className="mt-3">
      <h2 className="text-sm font-semibold">{p.title}</h2>
      {p.rows.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('vehicles.listEmpty')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-neutral-100">
          {p.rows.map((r) => (
            <li key={r.plate} className="flex items-center justify-between gap-2 py-1 text-sm">
              <span>
                <span className="font-mono">{r.plate}</span>
                {r.note && <span className="ml-2 text-neutral-600">{r.note}</span>}
              </span>
              <button
                type="button"
                className="rounded border border-neutral-300 px-2 py-1"
                aria-label={t('vehicles.removePlate', { plate: r.plate, list: p.title })}
                onClick={() => p.change.mutate({ uid: p.uid, list: p.list, plate: r.plate, remove: true })}
              >
                {t('vehicles.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Plate watch-lists (decision 0796): the account's deny and allow lists, a plate added with a note, each removed
 * by its own button. The alerts come from plate rules on a camera's zone. The account is the listed cameras'
 * owner (a person who sees several accounts picks one). Folded away: set once, read rarely.
 */
export function WatchLists({ cameras }: { cameras: readonly Camera[] }) {
  const { t } = useTranslation();
  const owners = useOwners(cameras);
  const [chosen, setChosen] = useState<string>();
  const uid = chosen ?? owners[0]?.uid;
  const lists = useWatchLists(uid);
  const change = useChangeWatchList();
  if (!uid) return null;
  return (
    <details className="mt-4 rounded-lg border border-neutral-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-medium">{t('vehicles.watchLists')}</summary>
      <p className="mt-2 text-sm text-neutral-600">{t('vehicles.watchHint')}</p>
      {owners.length > 1 && (
        <label className="mt-2 block text-sm">
          {t('vehicles.account')}
          <select className={FIELD} value={uid} onChange={(e) => setChosen(e.target.value)}>
            {owners.map((o) => (
              <option key={o.uid} value={o.uid}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <AddPlateForm uid={uid} change={change} />
      <PlateList
        uid={uid}
        list="deny"
        title={t('vehicles.denyList')}
        rows={lists.data?.deny ?? []}
        change={change}
      />
      <PlateList
        uid={uid}
        list="allow"
        title={t('vehicles.allowList')}
        rows={lists.data?.allow ?? []}
        change={change}
      />
    </details>
  );
}
