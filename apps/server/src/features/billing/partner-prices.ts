import {
  PARTNER_PRICE_LIMITS,
  type Partner,
  type PartnerPriceLists,
  type PricingData,
  roundPrice,
} from '@vigil/contracts';
import type { Db, PartnerPriceListsTable } from '@vigil/db';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';

/** SQL of partner-set price lists (`partner_price_lists`, migration 0870), written by billing alone. */
export class PartnerPricesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  find(installerId: string, currency: string): Promise<PartnerPriceListsTable | undefined> {
    return this.#db
      .selectFrom('partner_price_lists')
      .selectAll()
      .where('installer_id', '=', installerId)
      .where('currency', '=', currency)
      .executeTakeFirst();
  }

  of(installerId: string): Promise<PartnerPriceListsTable[]> {
    return this.#db
      .selectFrom('partner_price_lists')
      .selectAll()
      .where('installer_id', '=', installerId)
      .orderBy('currency')
      .execute();
  }

  async put(row: PartnerPriceListsTable): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('partner_price_lists')
        .where('installer_id', '=', row.installer_id)
        .where('currency', '=', row.currency)
        .execute();
      await tx.insertInto('partner_price_lists').values(row).execute();
    });
  }

  async remove(installerId: string, currency: string): Promise<void> {
    await this.#db
      .deleteFrom('partner_price_lists')
      .where('installer_id', '=', installerId)
      .where('currency', '=', currency)
      .execute();
  }
}

/** A list at `percent` of another: every tier and add-on fee scaled and rounded (spec 001 §9 rounding). */
export function scaledList(base: PricingData, percent: number, installerId: string): PricingData {
  const scale = (fee: number) => roundPrice((fee * percent) / 100);
  return {
    ...base,
    id: `${base.id}-${installerId}-${percent}`,
    plans: base.plans.map((p) => ({ ...p, tiers: p.tiers.map((t) => ({ ...t, fee: scale(t.fee) })) })),
    addons: base.addons.map((a) => ({ ...a, fee: scale(a.fee) })),
  };
}

export interface PartnerPricesDeps {
  repo: PartnerPricesRepository;
  /** The partner as the caller may see it (the partners feature's scope: 404 outside it). */
  partnerOf: (caller: Caller, partnerId: string) => Promise<Partner>;
  now: () => number;
}

/**
 * Price lists partners set for their installers' customers (decision 0744). Support and the installer's
 * distributor change them, the distributor never below its own cost; the installer reads its own.
 */
export class PartnerPricesService {
  readonly #d: PartnerPricesDeps;
  constructor(d: PartnerPricesDeps) {
    this.#d = d;
  }

  async lists(caller: Caller, installerId: string): Promise<PartnerPriceLists> {
    await this.#installer(caller, installerId);
    const rows = await this.#d.repo.of(installerId);
    return {
      installerId,
      lists: rows.map((r) => ({
        installerId: r.installer_id,
        currency: r.currency,
        percent: r.percent,
        updatedAt: Number(r.updated_at),
        updatedBy: r.updated_by,
      })),
      limits: { minPercent: minPercentOf(caller), maxPercent: PARTNER_PRICE_LIMITS.maxPercent },
      editable: caller.accountType === 's' || caller.accountType === 'd',
    };
  }

  async set(caller: Caller, installerId: string, currency: string, percent: number) {
    await this.#editable(caller, installerId);
    if (percent < minPercentOf(caller))
      throw new HttpError(
        400,
        'price_below_cost',
        `A distributor's price list cannot go below its cost, ${PARTNER_PRICE_LIMITS.distributorCostPercent} % of the default list`,
      );
    await this.#d.repo.put({
      installer_id: installerId,
      currency,
      percent,
      updated_by: caller.uid,
      updated_at: this.#d.now(),
    });
    return this.lists(caller, installerId);
  }

  async remove(caller: Caller, installerId: string, currency: string) {
    await this.#editable(caller, installerId);
    await this.#d.repo.remove(installerId, currency);
    return this.lists(caller, installerId);
  }

  /** The source billing prices with (`PriceListSource`): the installer's list in the currency, if it has one. */
  async percentFor(installerId: string, currency: string): Promise<number | undefined> {
    return (await this.#d.repo.find(installerId, currency))?.percent;
  }

  async #installer(caller: Caller, installerId: string): Promise<Partner> {
    const p = await this.#d.partnerOf(caller, installerId);
    // Price lists are an installer's: a distributor's own id has none.
    if (p.kind !== 'i') throw notFound('Price lists belong to installers');
    return p;
  }

  async #editable(caller: Caller, installerId: string): Promise<void> {
    await this.#installer(caller, installerId);
    // Visible and an installer: for a distributor that is one of its own (the partners feature's scope).
    if (caller.accountType !== 's' && caller.accountType !== 'd')
      throw forbidden('Only the distributor or support changes an installer’s prices');
  }
}

const minPercentOf = (caller: Caller) =>
  caller.accountType === 's'
    ? PARTNER_PRICE_LIMITS.supportMinPercent
    : PARTNER_PRICE_LIMITS.distributorCostPercent;
