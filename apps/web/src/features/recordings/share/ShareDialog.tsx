import { DEFAULT_DURATION_MIN, SHARE_MAX_RANGE_SEC, type SignShareBody } from '@vigil/contracts';
import { useState } from 'react';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { DateTimePicker } from '../../../shared/pickers/DateTimePicker.tsx';
import { DurationInput } from '../../../shared/pickers/DurationInput.tsx';
import { checkDuration, splitDuration } from '../../../shared/pickers/rules.ts';
import { dayOf, timeOf } from '../../../shared/time/zoned.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { fit, inputClass, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { useShareLinks } from '../api/get-share-links.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';
import { useSignShare } from '../api/sign-share.ts';
import '../../../shared/i18n/recordings.texts.ts';

type Expiry = '' | 'never' | '3600' | '86400' | '604800' | '2592000' | 'date';
const EXPIRIES: Expiry[] = ['never', '3600', '86400', '604800', '2592000', 'date'];

export interface ShareDialogProps {
  /** `mayRevoke`: revoking a link takes the right to delete the camera's video (decision 0405). */
  camera: { uidd: string; name: string; mayRevoke: boolean };
  tz: string;
  atMs: number | undefined;
  onClose: () => void;
}

/** The body of POST /jwt/sign from the dialog's choices; a public link must choose its expiry (spec 001 §5). */
export function signBody(o: {
  uidd: string;
  fromMs: number;
  minutes: number;
  access: 'private' | 'public';
  expiry: Expiry;
  expiryMs?: number;
}): SignShareBody {
  const body: SignShareBody = {
    type: 'video',
    access: o.access,
    uidd: o.uidd as SignShareBody['uidd'],
    startSec: Math.floor(o.fromMs / 1000),
    endSec: Math.floor(o.fromMs / 1000) + o.minutes * 60,
  };
  if (o.expiry === 'never') body.noExpiry = true;
  else if (o.expiry === 'date' && o.expiryMs !== undefined)
    body.expiryTimestamp = Math.floor(o.expiryMs / 1000);
  else if (o.expiry !== '' && o.expiry !== 'date') body.validSeconds = Number(o.expiry);
  return body;
}

/** Share a range of the camera by link (spec 001 §7): private or public, an expiry, copy, and revoke. */
export function ShareDialog(p: ShareDialogProps) {
  const { t } = useTranslation();
  const [nowMs] = useState(() => Date.now());
  // From a little before the playhead, for the default duration or as long as there is until now.
  const [fromMs, setFromMs] = useState<number | undefined>(() =>
    Math.min((p.atMs ?? nowMs) - 30_000, nowMs - 60_000),
  );
  const [duration, setDuration] = useState(() =>
    splitDuration(Math.min(DEFAULT_DURATION_MIN, Math.floor((nowMs - (fromMs ?? nowMs)) / 60_000))),
  );
  const [access, setAccess] = useState<'private' | 'public'>('private');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [expiryMs, setExpiryMs] = useState<number | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const sign = useSignShare();
  const links = useShareLinks(p.camera.uidd);
  const revoke = useRevokeShareLink(p.camera.uidd);
  const maxMinutes = SHARE_MAX_RANGE_SEC / 60;
  const length = checkDuration(duration, { maxMinutes, startMs: fromMs, nowMs });
  const link = sign.data ? `${window.location.origin}${paths.shared(sign.data.token)}` : undefined;
  const blocked =
    sign.isPending ||
    fromMs === undefined ||
    length.error !== undefined ||
    (expiry === 'date' && expiryMs === undefined);
  const signError =
    sign.error instanceof ApiRequestError && sign.error.code === 'invalid_expiry'
      ? t('recordings.share.invalidExpiry')
      : sign.error?.message;
  const expiryText = (ms: number | null) =>
    ms === null ? t('recordings.share.never') : `${dayOf(ms, p.tz)} ${timeOf(ms, p.tz)}`;

  return (
    <Modal
      title={t('recordings.share.title', { name: p.camera.name })}
      onClose={p.onClose}
      actions={
        <>
          <button type="button" className={fit(secondaryButton)} onClick={p.onClose}>
            {t('common.close')}
          </button>
          <button
            type="button"
            className={fit(primaryButton)}
            disabled={blocked}
            onClick={() =>
              fromMs !== undefined &&
              sign.mutate(
                signBody({ uidd: p.camera.uidd, fromMs, minutes: length.minutes, access, expiry, expiryMs }),
              )
            }
          >
            {t('recordings.share.create')}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <DateTimePicker
          label={t('recordings.share.from')}
          tz={p.tz}
          valueMs={fromMs}
          maxMs={nowMs}
          onChange={setFromMs}
        />
        <DurationInput
          label={t('recordings.share.length')}
          value={duration}
          onChange={setDuration}
          maxMinutes={maxMinutes}
          startMs={fromMs}
          nowMs={nowMs}
        />
        <fieldset className="flex gap-4 text-sm">
          <legend className="mb-1 font-medium text-neutral-800">{t('recordings.share.access')}</legend>
          {(['private', 'public'] as const).map((a) => (
            <label key={a} className="inline-flex items-center gap-1">
              <input
                type="radio"
                name="access"
                checked={access === a}
                onChange={() => {
                  setAccess(a);
                  // A public link must say when it ends: make the choice explicit.
                  if (a === 'public') setExpiry('');
                }}
              />
              {t(`recordings.share.${a}`)}
            </label>
          ))}
        </fieldset>
        <p className="-mt-3 text-xs text-neutral-500">{t(`recordings.share.${access}Hint`)}</p>
        <label className="flex flex-col text-sm font-medium text-neutral-800">
          {t('recordings.share.expiry')}
          <select
            className={inputClass}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value as Expiry)}
          >
            <option value="" disabled>
              {t('recordings.share.chooseExpiry')}
            </option>
            {EXPIRIES.map((x) => (
              <option key={x} value={x}>
                {t(`recordings.share.expiries.${x}`)}
              </option>
            ))}
          </select>
        </label>
        {expiry === 'date' && (
          <DateTimePicker
            label={t('recordings.share.expiresAt')}
            tz={p.tz}
            valueMs={expiryMs}
            minMs={nowMs}
            onChange={setExpiryMs}
          />
        )}
        {signError && (
          <p role="alert" className="text-sm text-red-700">
            {signError}
          </p>
        )}
        {link && (
          <div className="flex flex-col gap-1 rounded-md bg-neutral-50 p-3">
            <label className="text-sm font-medium" htmlFor="share-link">
              {t('recordings.share.link')}
            </label>
            <div className="flex gap-2">
              <input
                id="share-link"
                readOnly
                value={link}
                className={`${inputClass} mt-0`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className={fit(secondaryButton)}
                onClick={() =>
                  void navigator.clipboard?.writeText(link).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? t('recordings.share.copied') : t('recordings.share.copy')}
              </button>
            </div>
          </div>
        )}
        <section aria-labelledby="share-links">
          <h3 id="share-links" className="text-sm font-semibold">
            {t('recordings.share.links')}
          </h3>
          {links.data?.length === 0 && (
            <p className="text-sm text-neutral-500">{t('recordings.share.none')}</p>
          )}
          <ul className="mt-1 divide-y divide-neutral-100 text-sm" data-testid="share-links">
            {links.data?.map((l) => (
              <li key={l.id} className="flex items-center gap-2 py-1" data-link={l.id}>
                <span className="flex-1">
                  {dayOf(l.startSec * 1000, p.tz)} {timeOf(l.startSec * 1000, p.tz)}–
                  {timeOf(l.endSec * 1000, p.tz)} · {t(`recordings.share.${l.access}`)} ·{' '}
                  {t('recordings.share.expires', { when: expiryText(l.expiry) })} ·{' '}
                  {t('recordings.share.uses', { count: l.uses })}
                </span>
                {l.revoked ? (
                  <span className="text-neutral-500">{t('recordings.share.revoked')}</span>
                ) : !p.camera.mayRevoke ? null : (
                  <button
                    type="button"
                    className="text-red-700 hover:underline"
                    onClick={() => revoke.mutate(l.id)}
                  >
                    {t('recordings.share.revoke')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
