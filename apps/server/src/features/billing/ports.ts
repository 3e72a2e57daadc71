import type { Partner } from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';

/** What billing asks of auth's users (auth's `UserDirectory`, handed in by app.ts). */
export interface BillingUsers {
  /** Spec 000 §4 "mark a self-registration step complete": the payment step, once paid (decision 0741). */
  completeSelfRegStep(uid: string, step: string, at: number): Promise<void>;
  /** Retention follows the plan: the owner's organisations' cloud storage duration. */
  setStorageDuration(uid: string, days: number): Promise<void>;
  /** Who invoices are made out to: the owner's first organisation (decision 0742). */
  organisationsOf(uid: string): Promise<{ name: string }[]>;
  emailOf(uid: string): Promise<string | undefined>;
  /** The demo account, whose cameras partner demos show while it consents (decision 0743). */
  demoUid(): Promise<string | undefined>;
}

/** A customer's installer (auth's `ManagedAccounts`): whose price list prices it (decision 0744). */
export interface BillingAccounts {
  get(uid: string): Promise<{ installerId: string | null } | undefined>;
}

/** Retention follows the plan: every installed camera's storage days (the cameras feature's settings). */
export interface BillingCameras {
  setStorageDaysOf(ownerUid: string, days: number): Promise<void>;
  /** Installed cameras recording to the cloud, oldest installed first (decision 0853). */
  cloudRecordingOf(ownerUid: string): Promise<{ uidd: string; name: string }[]>;
  stopCloudRecording(uidds: readonly string[]): Promise<void>;
}

/** The partner as the caller may see it (the partners feature's scope; 404 outside it). */
export type PartnerOf = (caller: Caller, partnerId: string) => Promise<Partner>;
