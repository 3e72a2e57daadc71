import type { EvidenceManifest, VerifyExportResult } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { browserTimeZone, dayOf, timeWithSecondsOf } from '../../../shared/time/zoned.ts';
import type { CheckOutcome } from '../check-file.ts';
import '../../../shared/i18n/evidence.texts.ts';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="min-w-0 break-words text-neutral-900">{children}</dd>
    </div>
  );
}

function ManifestDetails({ m, keyId }: { m: EvidenceManifest; keyId: string }) {
  const { t, i18n } = useTranslation();
  const tz = browserTimeZone();
  const when = (ms: number) => `${dayOf(ms, tz)} ${timeWithSecondsOf(ms, tz)}`;
  const exporter = m.exporter.email ?? m.exporter.uid ?? (m.exporter.shareId ? t('evidence.viaShare') : '—');
  return (
    <dl className="mt-3 flex flex-col gap-2">
      <Row label={t('evidence.fields.camera')}>
        {m.camera.name} <span className="text-sm text-neutral-500">({m.camera.uidd})</span>
      </Row>
      <Row label={t('evidence.fields.range')}>
        {when(m.range.fromMs)} – {when(m.range.toMs)} <span className="text-sm text-neutral-500">({tz})</span>
      </Row>
      <Row label={t('evidence.fields.exporter')}>{exporter}</Row>
      <Row label={t('evidence.fields.exportedAt')}>{when(m.exportedAt)}</Row>
      <Row label={t('evidence.fields.filename')}>{m.filename}</Row>
      <Row label={t('evidence.fields.size')}>
        {t('evidence.bytes', {
          count: m.bytes,
          formatted: new Intl.NumberFormat(i18n.language).format(m.bytes),
        })}
      </Row>
      <Row label={t('evidence.fields.sha256')}>
        <code className="break-all font-mono text-sm">{m.sha256}</code>
      </Row>
      <Row label={t('evidence.fields.issuer')}>
        {m.service.url} <span className="text-sm text-neutral-500">({t('evidence.key', { keyId })})</span>
      </Row>
    </dl>
  );
}

/** Why a check failed, in words for someone who is not a developer. */
function failureText(o: CheckOutcome, r: Extract<VerifyExportResult, { verified: false }>): string {
  if (o.kind === 'clip')
    return r.reason === 'not_found' ? 'evidence.reasons.clipNotFound' : 'evidence.reasons.recordBroken';
  return `evidence.reasons.${r.reason}`;
}

/** The answer for one file: verified with what the manifest says, or not, and why. */
export function CheckResult({ outcome }: { outcome: CheckOutcome }) {
  const { t } = useTranslation();
  const r = outcome.result;
  if (r.verified) {
    return (
      <div data-verified="true" className="rounded-md border border-green-300 bg-green-50 p-3">
        <p className="font-semibold text-green-900">
          {t(outcome.kind === 'clip' ? 'evidence.verifiedClip' : 'evidence.verifiedManifest')}
        </p>
        <ManifestDetails m={r.manifest} keyId={r.keyId} />
      </div>
    );
  }
  return (
    <div data-verified="false" className="rounded-md border border-red-300 bg-red-50 p-3">
      <p className="font-semibold text-red-900">{t('evidence.notVerified')}</p>
      <p className="mt-1 text-red-900">{t(failureText(outcome, r))}</p>
      {outcome.kind === 'clip' && (
        <p className="mt-2 text-sm text-neutral-700">
          {t('evidence.fields.sha256')}: <code className="break-all font-mono">{outcome.sha256}</code>
        </p>
      )}
    </div>
  );
}
