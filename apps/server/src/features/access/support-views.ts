import { SUPPORT_VIEW_AUDIT_WINDOW_MS, type SupportViewKind } from '@vigil/contracts';
import type { AuditWriter } from './ports.ts';

/** A look of support's at a camera; the camera's name is kept as it was then, like an export's. */
export interface SupportView {
  supportUid: string;
  ownerUid: string;
  uidd: string;
  cameraName: string;
  kind: SupportViewKind;
}

/** Where CameraAccess reports what support looked at; the audit log in the app, a list in tests. */
export interface SupportViewSink {
  viewed(v: SupportView): Promise<void>;
}

/**
 * Writes a 'support.viewed' entry in the customer's audit log (decision 0017), at most one per support user, camera
 * and kind per SUPPORT_VIEW_AUDIT_WINDOW_MS: a live view or a page of stills asks many times a minute, and the
 * owner needs to know that support looked, not every frame. The window is per process; a restart logs again.
 */
export class SupportViewAudit implements SupportViewSink {
  readonly #audit: AuditWriter;
  readonly #now: () => number;
  readonly #last = new Map<string, number>();
  constructor(audit: AuditWriter, now: () => number) {
    this.#audit = audit;
    this.#now = now;
  }

  async viewed(v: SupportView): Promise<void> {
    const now = this.#now();
    const key = `${v.supportUid} ${v.uidd} ${v.kind}`;
    const last = this.#last.get(key);
    if (last !== undefined && now - last < SUPPORT_VIEW_AUDIT_WINDOW_MS) return;
    // Set before the write, so concurrent requests of the same view make one entry.
    this.#last.set(key, now);
    this.#forgetOld(now);
    try {
      await this.#audit.record(v.ownerUid, now, { uid: v.supportUid }, 'support.viewed', {
        uidd: v.uidd,
        cameraName: v.cameraName,
        kind: v.kind,
      });
    } catch (err) {
      this.#last.delete(key);
      throw err;
    }
  }

  /** Keeps the map to the views of the last window. */
  #forgetOld(now: number): void {
    if (this.#last.size < 1_000) return;
    for (const [k, at] of this.#last) if (now - at >= SUPPORT_VIEW_AUDIT_WINDOW_MS) this.#last.delete(k);
  }
}
