import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { IndexedBrand } from './brand-index.ts';
import type { BrandService } from './brand-service.ts';
import type { BrandsRepository } from './brands-repository.ts';

/** The e-mail as the mailer takes it (features/mail's `Mail`), restated so brands import nothing of mail. */
export interface BrandableMail {
  to: string;
  subject: string;
  text: string;
}

interface RequestOrigin {
  host: string;
  hostname: string;
  protocol: string;
}

/**
 * E-mails branded as the request that caused them (decision 0820): sent while answering a request on a brand's
 * host, an e-mail says the brand's name for the product's, and its links go to that host instead of PUBLIC_URL.
 * Only a host a brand lists is used in links (never any Host header), so a forged Host cannot redirect a
 * password-reset link. Sent outside a request or on the main brand's hosts (decision 0825), an e-mail to a person carries the brand they
 * registered on, linking to that brand's first host over PUBLIC_URL's protocol; mail to no account (support's
 * storage alerts) and the main brand's people are left as written.
 */
export class MailBranding {
  readonly #origin = new AsyncLocalStorage<RequestOrigin>();
  readonly #brands: BrandService;
  readonly #publicUrl: string;
  readonly #productName: string;
  readonly #repo: BrandsRepository;
  readonly #now: () => number;
  readonly #uidOfEmail: ((email: string) => Promise<string | undefined>) | undefined;

  constructor(d: {
    brands: BrandService;
    repo: BrandsRepository;
    now: () => number;
    publicUrl: string;
    productName?: string;
    uidOfEmail?: ((email: string) => Promise<string | undefined>) | undefined;
  }) {
    this.#brands = d.brands;
    this.#repo = d.repo;
    this.#now = d.now;
    this.#uidOfEmail = d.uidOfEmail;
    this.#publicUrl = d.publicUrl;
    this.#productName = d.productName ?? 'Vigil';
  }

  /** Remembers each request's host for the work it starts (callback hook: the context spans the handler). */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', (req, _reply, done) => {
      this.#origin.run({ host: req.host, hostname: req.hostname, protocol: req.protocol }, done);
    });
  }

  /** Remembers the brand of the host a new account registered on (only a brand's host; the main brand needs none). */
  async registered(uid: string, hostname: string): Promise<void> {
    const brand = (await this.#brands.index()).byHost.get(hostname.toLowerCase());
    if (brand && brand.row.main_brand !== 1) await this.#repo.setUserBrand(uid, brand.row.id, this.#now());
  }

  async brand(mail: BrandableMail): Promise<BrandableMail> {
    const origin = this.#origin.getStore();
    if (!origin) return this.#brandForRecipient(mail);
    const index = await this.#brands.index();
    const brand = index.byHost.get(origin.hostname.toLowerCase());
    // On the main brand's hosts (or an unknown one), the person's own brand, if they registered on one.
    if (!brand || brand.row.main_brand === 1) return this.#brandForRecipient(mail);
    return this.#rewrite(mail, brand, `${origin.protocol}://${origin.host}`);
  }

  async #brandForRecipient(mail: BrandableMail): Promise<BrandableMail> {
    const uid = await this.#uidOfEmail?.(mail.to);
    const brandId = uid ? await this.#repo.userBrand(uid) : undefined;
    const brand = brandId ? (await this.#brands.index()).byId.get(brandId) : undefined;
    const host = brand?.hosts[0];
    if (!brand || !host || brand.row.main_brand === 1) return mail;
    return this.#rewrite(mail, brand, `${new URL(this.#publicUrl).protocol}//${host}`);
  }

  #rewrite(mail: BrandableMail, brand: IndexedBrand, base: string): BrandableMail {
    const name = new RegExp(`\\b${this.#productName}\\b`, 'g');
    const rewrite = (s: string) => s.replaceAll(this.#publicUrl, base).replace(name, brand.row.name);
    return { ...mail, subject: rewrite(mail.subject), text: rewrite(mail.text) };
  }
}
