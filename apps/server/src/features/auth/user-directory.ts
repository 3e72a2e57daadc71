import type { Db } from '@vigil/db';
import { OrganisationsRepository, type OrganisationWithCameras } from './organisations-repository.ts';
import { UsersRepository } from './users-repository.ts';

export type { OrganisationWithCameras } from './organisations-repository.ts';

/**
 * What other features may read of the users and organisations auth keeps (decision 0018): its repositories stay
 * private to auth, so a new reader asks for a method here rather than reaching into the tables.
 */
export class UserDirectory {
  readonly #users: UsersRepository;
  readonly #organisations: OrganisationsRepository;
  constructor(db: Db) {
    this.#users = new UsersRepository(db);
    this.#organisations = new OrganisationsRepository(db);
  }

  /** The account's sign-in e-mail, if it exists. */
  async emailOf(uid: string): Promise<string | undefined> {
    return (await this.#users.findByUid(uid))?.email;
  }

  /** The account signing in with this e-mail, if any: whom a mail is for (brands, decision 0825). */
  async uidOfEmail(email: string): Promise<string | undefined> {
    return (await this.#users.findByEmail(email))?.uid;
  }

  /** The account's type (u, i, d, s), if it exists: its default licences follow it (decision 0700). */
  async accountTypeOf(uid: string): Promise<'u' | 'i' | 'd' | 's' | undefined> {
    return (await this.#users.findByUid(uid))?.account_type;
  }

  /** The organisations the user owns, by name, with whether each has installed cameras. */
  organisationsOf(uid: string): Promise<OrganisationWithCameras[]> {
    return this.#organisations.ownedBy(uid);
  }

  /** Each owner's cloud storage duration: the longest of their organisations' (0 when none is set). */
  storageDurations(ownerUids: string[]): Promise<Map<string, number>> {
    return this.#organisations.storageDurations(ownerUids);
  }

  /** Marks a self-registration step complete (spec 000 §4), e.g. billing's payment step once paid. */
  completeSelfRegStep(uid: string, step: string, at: number): Promise<void> {
    return this.#users.completeSelfRegStep(uid, step, at);
  }

  /** The plan's storage days become the owner's organisations' cloud storage duration (billing, decision 0741). */
  setStorageDuration(uid: string, days: number): Promise<void> {
    return this.#organisations.setStorageDuration(uid, days);
  }

  /** The fixed demo account's uid, once seeded (features/auth/seed.ts). */
  async demoUid(): Promise<string | undefined> {
    return (await this.#users.findDemo())?.uid;
  }
}
