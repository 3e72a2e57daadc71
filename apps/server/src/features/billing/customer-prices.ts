import { type CustomerPrices, PARTNER_PRICE_LIMITS, PER_CAMERA_PRICE, roundPrice } from '@vigil/contracts';
import type { CustomerPricesTable, Db } from '@vigil/db';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { AccountAccess } from '../access/account-access.ts';
import type { BillingAccounts } from './ports.ts';

/** SQL of the prices installers set for single customers (`customer_prices`, migration 0900), billing's alone. */
export class CustomerPricesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  find(customerUid: string, currency: string): Promise<CustomerPricesTable | undefined> {
    return this.#db
      .selectFrom('customer_prices')
      .selectAll()
      .where('customer_uid', '=', customerUid)
      .where('currency', '=', currency)
      .executeTakeFirst();
  }

  of(customerUid: string): Promise<CustomerPricesTable[]> {
    return this.#db
      .selectFrom('customer_prices')
      .selectAll()
      .where('customer_uid', '=', customerUid)
      .orderBy('currency')
      .execute();
  }

  async put(row: CustomerPricesTable): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('customer_prices')
        .where('customer_uid', '=', row.customer_uid)
        .where('currency', '=', row.currency)
        .execute();
      await tx.insertInto('customer_prices').values(row).execute();
    });
  }

  async remove(customerUid: string, currency: string): Promise<void> {
    await this.#db
      .deleteFrom('customer_prices')
      .where('customer_uid', '=', customerUid)
      .where('currency', '=', currency)
      .execute();
  }
}

export interface CustomerPricesDeps {
  repo: CustomerPricesRepository;
  /** What the caller is to the account: owner, member, support, its installer, or nothing. */
  access: Pick<AccountAccess, 'roleOn'>;
  accounts: BillingAccounts | undefined;
  /** The installer's list in a currency (decision 0744), as a share of the default list; undefined: none. */
  installerPercent: (installerId: string, currency: string) => Promise<number | undefined>;
  /** The installer's lists, every currency that has one. */
  installerPercents: (installerId: string) => Promise<{ currency: string; percent: number }[]>;
  now: () => number;
}

/**
 * Installers pricing single customers (decision 0746): a share of the installer's own list per currency, never below
 * it (support may), never above the ceiling of the default list on the final price. The customer reads its own.
 */
export class CustomerPricesService {
  readonly #d: CustomerPricesDeps;
  constructor(d: CustomerPricesDeps) {
    this.#d = d;
  }

  async prices(caller: Caller, customerUid: string): Promise<CustomerPrices> {
    const editable = await this.#mayRead(caller, customerUid);
    const [rows, installerId] = await Promise.all([
      this.#d.repo.of(customerUid),
      this.#installerOf(customerUid),
    ]);
    const lists = installerId ? await this.#d.installerPercents(installerId) : [];
    return {
      customerUid,
      prices: rows.map((r) => ({
        currency: r.currency,
        percent: r.percent,
        updatedAt: Number(r.updated_at),
        updatedBy: r.updated_by,
      })),
      installerPercents: Object.fromEntries(lists.map((l) => [l.currency, l.percent])),
      limits: { minPercent: minPercentOf(caller), maxPercent: PARTNER_PRICE_LIMITS.maxPercent },
      editable,
    };
  }

  async set(caller: Caller, customerUid: string, currency: string, percent: number): Promise<CustomerPrices> {
    await this.#editable(caller, customerUid);
    const listPercent = await this.#listPercent(customerUid, currency);
    if (percent < minPercentOf(caller)) throw belowFloor(currency, listPercent);
    // The ceiling is on what the customer pays: a high installer list leaves less room above it.
    if ((listPercent * percent) / 100 > PARTNER_PRICE_LIMITS.maxPercent)
      throw new HttpError(
        400,
        'price_above_ceiling',
        `A customer's price cannot go above ${PARTNER_PRICE_LIMITS.maxPercent} % of the default list: at most ${Math.floor((PARTNER_PRICE_LIMITS.maxPercent * 100) / listPercent)} % of this installer's list`,
      );
    await this.#d.repo.put({
      customer_uid: customerUid,
      currency,
      percent,
      updated_by: caller.uid,
      updated_at: this.#d.now(),
    });
    return this.prices(caller, customerUid);
  }

  async remove(caller: Caller, customerUid: string, currency: string): Promise<CustomerPrices> {
    await this.#editable(caller, customerUid);
    await this.#d.repo.remove(customerUid, currency);
    return this.prices(caller, customerUid);
  }

  /**
   * What pricing multiplies the default list by for this customer, in percent (decision 0746): the installer's list
   * (100 without one) × the customer's own share / 100; undefined when neither is set (the default list applies).
   */
  async percentFor(uid: string | undefined, installerId: string | null, currency: string) {
    const own = uid ? (await this.#d.repo.find(uid, currency))?.percent : undefined;
    const list = installerId ? await this.#d.installerPercent(installerId, currency) : undefined;
    if (own === undefined && list === undefined) return undefined;
    return ((list ?? 100) * (own ?? 100)) / 100;
  }

  async #installerOf(uid: string): Promise<string | null> {
    return (await this.#d.accounts?.get(uid))?.installerId ?? null;
  }

  async #listPercent(uid: string, currency: string): Promise<number> {
    const installerId = await this.#installerOf(uid);
    return (installerId && (await this.#d.installerPercent(installerId, currency))) || 100;
  }

  /** 404 to anyone who is not the customer (or a co-owner), its installer or support; answers whether it edits. */
  async #mayRead(caller: Caller, uid: string): Promise<boolean> {
    const role = await this.#d.access.roleOn(caller, uid);
    if (role?.kind === 'support' || role?.kind === 'installer') return true;
    // The customer reads its own, as it reads its plan: the owner and co-owners.
    if (AccountAccess.allows(role, 'managePlan')) return false;
    throw notFound();
  }

  async #editable(caller: Caller, uid: string): Promise<void> {
    if (!(await this.#mayRead(caller, uid)))
      throw forbidden('Only the customer’s installer or support changes its price');
  }
}

const minPercentOf = (caller: Caller) =>
  caller.accountType === 's'
    ? PARTNER_PRICE_LIMITS.supportMinPercent
    : PARTNER_PRICE_LIMITS.customerFloorPercent;

/** The floor named with the example price it means: a 2MP, motion, 30-day, monthly camera on the installer's list. */
function belowFloor(currency: string, listPercent: number): HttpError {
  const base = PER_CAMERA_PRICE[currency as keyof typeof PER_CAMERA_PRICE];
  const example =
    base === undefined ? '' : ` (${roundPrice((base * listPercent) / 100).toFixed(2)} ${currency} a camera)`;
  return new HttpError(
    400,
    'price_below_cost',
    `A customer's price cannot go below the installer's own list: ${PARTNER_PRICE_LIMITS.customerFloorPercent} % of it${example}`,
  );
}
