import type { Uid, Uidd } from '@vigil/contracts';

/** What is known of a download when it starts: the evidence log keeps it, with its hash once complete. */
export interface ExportStarted {
  ownerUid: Uid;
  uidd: Uidd;
  cameraName: string;
  fromMs: number;
  toMs: number;
  format: 'mp4' | 'mpegts';
  stream: 'main' | 'sd';
  filename: string;
  exporter: { uid?: Uid; ip: string; via: 'user' | 'share' };
}

/**
 * Where downloads are recorded (features/evidence implements it, decision 0506): an id when one starts, its SHA-256
 * and size when the last byte has left, or why it failed. Declared here so recordings never import that feature.
 */
export interface ExportLog {
  begin(meta: ExportStarted): Promise<string>;
  complete(id: string, r: { sha256: string; bytes: number }): Promise<void>;
  fail(id: string, reason: string): Promise<void>;
}
