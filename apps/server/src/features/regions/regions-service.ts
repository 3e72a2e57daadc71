import {
  ApiError,
  type CreateCustomerBody,
  Customer,
  CustomerList,
  type ErrorCode,
  type RegionalCustomer,
  type RegionalCustomerList,
  type RegionalSupportAccountDetail,
  type RegionalSupportSearchResult,
  type RegionList,
  SupportAccountDetail,
  type SupportErrorReportPage,
  SupportSearchResult,
  type SupportSessionList,
  type SupportUsageLogPage,
} from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { forbidden, HttpError, notFound, unauthorised } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import {
  PEER_GRANT_TTL_MS,
  type PeerGrant,
  signPeerGrant,
  verifyPeerGrant,
  writeDigest,
} from './peer-grant.ts';

/** How long a region waits for another before listing it as unavailable. */
export const PEER_TIMEOUT_MS = 3_000;

type Who = Pick<PeerGrant, 'kind' | 'id'>;

/** What the partner portal and support (features/partners) answer, seen from here: app.ts wires it. */
export interface PartnerDirectory {
  /** The caller's place in the hierarchy (refused as the portal refuses: end users, suspended partners). */
  who(caller: Caller): Promise<Who>;
  /** The caller's customers in this region, by the portal's own rules. */
  customers(caller: Caller, installerId?: string): Promise<CustomerList>;
  /** The customers in this region of a partner (or support) another region vouches for. */
  customersOf(who: Who, installerId?: string): Promise<CustomerList>;
  /** A customer of the caller here (404 outside its subtree). */
  customer(caller: Caller, uid: string): Promise<Customer>;
  /** A customer here of a partner (or support) another region vouches for (404 outside its subtree). */
  customerOf(who: Who, uid: string): Promise<Customer>;
  /** The calling installer makes a customer account here. */
  createCustomer(caller: Caller, body: CreateCustomerBody): Promise<Customer>;
  /** An installer another region vouches for makes a customer account here, under its presence here. */
  createCustomerFor(who: Who, body: CreateCustomerBody): Promise<Customer>;
  /** Support's search here (support only). */
  search(caller: Caller, q: string): Promise<SupportSearchResult>;
  /** Support's search here for support signed in at another region. */
  searchFor(q: string): Promise<SupportSearchResult>;
  /** Support's page of an account here (support only). */
  supportAccount(caller: Caller, uid: string): Promise<SupportAccountDetail>;
  /** The same page for support signed in at another region (decision 0858). */
  supportAccountFor(uid: string): Promise<SupportAccountDetail>;
  /** An account's sessions, error reports or usage logs here (support only; decision 0883). */
  supportActivity(
    caller: Caller,
    uid: string,
    what: SupportActivityKind,
    before?: string,
  ): Promise<SupportActivityPage>;
  /** The same for support signed in at another region. */
  supportActivityFor(uid: string, what: SupportActivityKind, before?: string): Promise<SupportActivityPage>;
}

/** What support reads of an account beyond its page, named as in its path (`/sessions`…; decision 0883). */
export type SupportActivityKind = 'sessions' | 'error-reports' | 'usage-logs';
export type SupportActivityPage = SupportSessionList | SupportErrorReportPage | SupportUsageLogPage;

export interface RegionsDeps {
  /** This region (REGION) and the others' servers (REGION_MAP). */
  region: string;
  peers: Readonly<Record<string, string>>;
  /** REGION_PEER_SECRET: unset, no region is asked and none is answered. */
  secret: string | undefined;
  directory: PartnerDirectory;
  log: FastifyBaseLogger;
  now: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** One request to another region: its path, and for a write, the method, body and what the grant allows. */
interface PeerRequest<T> {
  path: string;
  schema: z.ZodType<T>;
  method?: 'POST';
  body?: unknown;
  act?: PeerGrant['act'];
  sub?: string;
}

/**
 * Partners' and support's views across regions (decisions 0618, 0620): the home region answers for itself, asks every
 * other region's server through its API for the rest (a request signed with the regions' shared secret, naming the
 * partner it signed in), and merges; a customer's page or a new customer in another region is asked of that region
 * alone. No database is shared: each region answers from its own. A region that does not answer a list is named in
 * `unavailable`; the rest is still listed.
 */
export class RegionsService {
  readonly #d: RegionsDeps;

  constructor(d: RegionsDeps) {
    this.#d = d;
  }

  /**
   * The regions a partner or support can work in from here (decision 0858): this one, then the others it can ask
   * (none while REGION_PEER_SECRET is unset), sorted. End users are refused as the portal refuses them.
   */
  async list(caller: Caller): Promise<RegionList> {
    await this.#d.directory.who(caller);
    const { region, peers, secret } = this.#d;
    const others = secret ? Object.keys(peers).filter((r) => r !== region) : [];
    return { region, regions: [region, ...others.sort()] };
  }

  async customers(caller: Caller, installerId?: string): Promise<RegionalCustomerList> {
    const { region, directory } = this.#d;
    const here = await directory.customers(caller, installerId);
    const query = installerId === undefined ? '' : `?installerId=${encodeURIComponent(installerId)}`;
    const { found, unavailable } = await this.#fanOut(caller, {
      path: `/regions/peer/customers${query}`,
      schema: CustomerList,
    });
    const customers = here.customers.map((c) => ({ ...c, region }));
    for (const [peer, list] of found) customers.push(...list.customers.map((c) => ({ ...c, region: peer })));
    return { region, customers, unavailable };
  }

  /** Support's search in every region: each account with its region (support only, as at home). */
  async supportSearch(caller: Caller, q: string): Promise<RegionalSupportSearchResult> {
    const { region, directory } = this.#d;
    const here = await directory.search(caller, q);
    const { found, unavailable } = await this.#fanOut(caller, {
      path: `/regions/peer/support/accounts?q=${encodeURIComponent(q)}`,
      schema: SupportSearchResult,
    });
    const accounts = here.accounts.map((a) => ({ ...a, region }));
    for (const [peer, list] of found) accounts.push(...list.accounts.map((a) => ({ ...a, region: peer })));
    return { region, accounts, unavailable };
  }

  /** A customer's page, wherever its account is: here by the portal's rules, elsewhere asked of its region. */
  async customer(caller: Caller, region: string, uid: string): Promise<RegionalCustomer> {
    if (region === this.#d.region) return { ...(await this.#d.directory.customer(caller, uid)), region };
    const who = await this.#d.directory.who(caller);
    const found = await this.#one(region, who, {
      path: `/regions/peer/customers/${encodeURIComponent(uid)}`,
      schema: Customer,
    });
    return { ...found, region };
  }

  /** A new customer account in a region: here as the portal does, elsewhere under the installer's presence there. */
  async createCustomer(caller: Caller, region: string, body: CreateCustomerBody): Promise<RegionalCustomer> {
    if (region === this.#d.region)
      return { ...(await this.#d.directory.createCustomer(caller, body)), region };
    const who = await this.#d.directory.who(caller);
    if (who.kind !== 'i') throw forbidden('Only installers create customer accounts');
    const made = await this.#one(region, who, {
      path: '/regions/peer/customers',
      schema: Customer,
      method: 'POST',
      body,
      act: 'customer.create',
      sub: customerDigest(body),
    });
    return { ...made, region };
  }

  /** Support's page of an account in any region (decision 0858): here as at home, elsewhere asked of its region. */
  async supportAccount(caller: Caller, region: string, uid: string): Promise<RegionalSupportAccountDetail> {
    if (region === this.#d.region)
      return { ...(await this.#d.directory.supportAccount(caller, uid)), region };
    const who = await this.#d.directory.who(caller);
    if (who.kind !== 's') throw forbidden();
    const found = await this.#one(region, who, {
      path: `/regions/peer/support/accounts/${encodeURIComponent(uid)}`,
      schema: SupportAccountDetail,
    });
    return { ...found, region };
  }

  /**
   * Support's read of an account's sessions, error reports or usage logs in any region (decision 0883): here as at
   * home, elsewhere asked of its region with a support grant, answered as that region's support screens read them.
   */
  async supportActivity(
    caller: Caller,
    at: { region: string; uid: string; what: SupportActivityKind; before?: string | undefined },
    schema: z.ZodType<SupportActivityPage>,
  ): Promise<SupportActivityPage> {
    const { region, uid, what, before } = at;
    if (region === this.#d.region)
      return schema.parse(await this.#d.directory.supportActivity(caller, uid, what, before));
    const who = await this.#d.directory.who(caller);
    if (who.kind !== 's') throw forbidden();
    const query = before === undefined ? '' : `?before=${encodeURIComponent(before)}`;
    return this.#one(region, who, {
      path: `/regions/peer/support/accounts/${encodeURIComponent(uid)}/${what}${query}`,
      schema,
    });
  }

  /** Another region asking on a partner's behalf: its signed grant says who, and that it is meant for this region. */
  peerCustomers(authorization: string | undefined, installerId?: string): Promise<CustomerList> {
    return this.#d.directory.customersOf(this.#grant(authorization), installerId);
  }

  peerCustomer(authorization: string | undefined, uid: string): Promise<Customer> {
    return this.#d.directory.customerOf(this.#grant(authorization), uid);
  }

  /** A create is done only for a grant made for it, naming exactly this body (a grant creates one customer). */
  peerCreateCustomer(authorization: string | undefined, body: CreateCustomerBody): Promise<Customer> {
    const grant = this.#grant(authorization);
    if (grant.act !== 'customer.create' || grant.sub !== customerDigest(body))
      throw unauthorised('This grant is not for this customer');
    return this.#d.directory.createCustomerFor(grant, body);
  }

  peerSupportSearch(authorization: string | undefined, q: string): Promise<SupportSearchResult> {
    if (this.#grant(authorization).kind !== 's') throw forbidden('Only support searches accounts');
    return this.#d.directory.searchFor(q);
  }

  peerSupportAccount(authorization: string | undefined, uid: string): Promise<SupportAccountDetail> {
    if (this.#grant(authorization).kind !== 's') throw forbidden('Only support opens accounts');
    return this.#d.directory.supportAccountFor(uid);
  }

  peerSupportActivity(
    authorization: string | undefined,
    uid: string,
    what: SupportActivityKind,
    before?: string,
  ): Promise<SupportActivityPage> {
    if (this.#grant(authorization).kind !== 's') throw forbidden('Only support reads accounts');
    return this.#d.directory.supportActivityFor(uid, what, before);
  }

  #grant(authorization: string | undefined): PeerGrant {
    const token = authorization?.startsWith('Region ') ? authorization.slice(7) : undefined;
    const { secret, region, peers, now } = this.#d;
    const grant = secret && token ? verifyPeerGrant(secret, region, token, now()) : undefined;
    if (!grant || !Object.hasOwn(peers, grant.iss)) throw unauthorised('Not a request of a known region');
    return grant;
  }

  /** Every other region's answer for the caller; those that fail are named, not fatal. */
  async #fanOut<T>(
    caller: Caller,
    req: PeerRequest<T>,
  ): Promise<{ found: Array<[string, T]>; unavailable: string[] }> {
    const { region } = this.#d;
    const peers = this.#d.secret ? Object.entries(this.#d.peers).filter(([r]) => r !== region) : [];
    if (peers.length === 0) return { found: [], unavailable: [] };
    const who = await this.#d.directory.who(caller);
    const answers = await Promise.all(
      peers.map(([peer, url]) =>
        this.#ask(peer, url, who, req).catch((err: unknown) => {
          this.#d.log.warn({ region: peer, err: String(err) }, 'region did not answer for a partner');
          return undefined;
        }),
      ),
    );
    const found: Array<[string, T]> = [];
    const unavailable: string[] = [];
    for (const [i, answer] of answers.entries()) {
      const peer = (peers[i] as [string, string])[0];
      if (answer === undefined) unavailable.push(peer);
      else found.push([peer, answer]);
    }
    return { found, unavailable };
  }

  /** One region's answer; its refusals (404, 403, 409…) are the caller's, its silence a 503. */
  async #one<T>(region: string, who: Who, req: PeerRequest<T>): Promise<T> {
    const url = this.#d.secret ? this.#d.peers[region] : undefined;
    if (!url) throw notFound('No such region');
    try {
      return await this.#ask(region, url, who, req);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.#d.log.warn({ region, err: String(err) }, 'region did not answer for a partner');
      throw unanswered(region, req.method === 'POST', mayHaveDone(err));
    }
  }

  async #ask<T>(peer: string, url: string, who: Who, req: PeerRequest<T>): Promise<T> {
    const { region, secret, now } = this.#d;
    const grant = signPeerGrant(secret as string, {
      iss: region,
      aud: peer,
      ...who,
      exp: now() + PEER_GRANT_TTL_MS,
      ...(req.act ? { act: req.act, sub: req.sub } : {}),
    });
    const res = await (this.#d.fetch ?? fetch)(`${url.replace(/\/$/, '')}${req.path}`, {
      method: req.method ?? 'GET',
      headers: {
        authorization: `Region ${grant}`,
        accept: 'application/json',
        ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(this.#d.timeoutMs ?? PEER_TIMEOUT_MS),
    });
    if (res.status >= 400 && res.status < 500 && res.status !== 401) {
      // The region's own refusal (not ours to judge): passed on as it said it.
      const said = ApiError.safeParse(await res.json().catch(() => undefined));
      if (said.success) throw new HttpError(res.status, said.data.code as ErrorCode, said.data.error);
    }
    if (!res.ok) throw Object.assign(new Error(`${peer} answered ${res.status}`), { status: res.status });
    return req.schema.parse(await res.json());
  }
}

/** What a create grant names: the new customer's e-mail and company, as sent. */
const customerDigest = (body: CreateCustomerBody): string => writeDigest([body.email, body.company]);

/**
 * A region that did not answer (decision 0858). A read has nothing to show. A write it never received (refused
 * connection, unknown host) or refused before doing anything (401: not our grant) was not done there, and nothing is
 * written here for another region's account: the installer may simply try again. A write whose answer did not come in
 * time, or failed there midway (5xx), may have been done there: say so, rather than invite a second try that would meet
 * `user_exists`.
 */
function unanswered(region: string, write: boolean, maybeDone: boolean): HttpError {
  const message = !write
    ? `Region ${region} does not answer just now`
    : maybeDone
      ? `Region ${region} did not finish answering; the account may have been made there: look for it among your customers before trying again`
      : `Region ${region} does not answer just now; no account was made. Try again in a moment`;
  return new HttpError(503, 'region_unavailable', message);
}

/** Whether a failed request may have reached the region and been acted on: it timed out, or the region failed (5xx). */
const mayHaveDone = (err: unknown): boolean =>
  (err as Error).name === 'TimeoutError' || ((err as { status?: number }).status ?? 0) >= 500;
