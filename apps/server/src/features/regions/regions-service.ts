import { CustomerList, type RegionalCustomerList } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { unauthorised } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { PEER_GRANT_TTL_MS, type PeerGrant, signPeerGrant, verifyPeerGrant } from './peer-grant.ts';

/** How long a region waits for another before listing it as unavailable. */
export const PEER_TIMEOUT_MS = 3_000;

/** What the partner portal (features/partners) answers, seen from here: app.ts wires it. */
export interface PartnerDirectory {
  /** The caller's place in the hierarchy (refused as the portal refuses: end users, suspended partners). */
  who(caller: Caller): Promise<Pick<PeerGrant, 'kind' | 'id'>>;
  /** The caller's customers in this region, by the portal's own rules. */
  customers(caller: Caller, installerId?: string): Promise<CustomerList>;
  /** The customers in this region of a partner (or support) another region vouches for. */
  customersOf(who: Pick<PeerGrant, 'kind' | 'id'>, installerId?: string): Promise<CustomerList>;
}

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

/**
 * Partners' views across regions (decision 0618): the home region lists the caller's customers here, asks every
 * other region's server through its API for the rest (a request signed with the regions' shared secret, naming
 * the partner it signed in), and merges them, each customer with its region. No database is shared: each region
 * answers from its own. A region that does not answer is named in `unavailable`; the rest is still listed.
 */
export class RegionsService {
  readonly #d: RegionsDeps;

  constructor(d: RegionsDeps) {
    this.#d = d;
  }

  async customers(caller: Caller, installerId?: string): Promise<RegionalCustomerList> {
    const { region, directory } = this.#d;
    const here = await directory.customers(caller, installerId);
    const customers = here.customers.map((c) => ({ ...c, region }));
    const unavailable: string[] = [];
    const peers = this.#d.secret ? Object.entries(this.#d.peers).filter(([r]) => r !== region) : [];
    if (peers.length === 0) return { region, customers, unavailable };
    const who = await directory.who(caller);
    const answers = await Promise.all(
      peers.map(([peer, url]) =>
        this.#ask(peer, url, who, installerId).catch((err: unknown) => {
          this.#d.log.warn({ region: peer, err: String(err) }, 'region did not answer for a partner');
          return undefined;
        }),
      ),
    );
    for (const [i, list] of answers.entries()) {
      const peer = (peers[i] as [string, string])[0];
      if (list) customers.push(...list.customers.map((c) => ({ ...c, region: peer })));
      else unavailable.push(peer);
    }
    return { region, customers, unavailable };
  }

  /** Another region asking on a partner's behalf: its signed grant says who, and that it is meant for this region. */
  async peerCustomers(authorization: string | undefined, installerId?: string): Promise<CustomerList> {
    const token = authorization?.startsWith('Region ') ? authorization.slice(7) : undefined;
    const { secret, region, peers, now } = this.#d;
    const grant = secret && token ? verifyPeerGrant(secret, region, token, now()) : undefined;
    if (!grant || !Object.hasOwn(peers, grant.iss)) throw unauthorised('Not a request of a known region');
    return this.#d.directory.customersOf(grant, installerId);
  }

  async #ask(
    peer: string,
    url: string,
    who: Pick<PeerGrant, 'kind' | 'id'>,
    installerId: string | undefined,
  ): Promise<CustomerList> {
    const { region, secret, now } = this.#d;
    const grant = signPeerGrant(secret as string, {
      iss: region,
      aud: peer,
      ...who,
      exp: now() + PEER_GRANT_TTL_MS,
    });
    const query = installerId === undefined ? '' : `?installerId=${encodeURIComponent(installerId)}`;
    const res = await (this.#d.fetch ?? fetch)(`${url.replace(/\/$/, '')}/regions/peer/customers${query}`, {
      headers: { authorization: `Region ${grant}`, accept: 'application/json' },
      signal: AbortSignal.timeout(this.#d.timeoutMs ?? PEER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`${peer} answered ${res.status}`);
    return CustomerList.parse(await res.json());
  }
}
