import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { BrandService } from './brand-service.ts';

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
 * password-reset link. Anything sent outside a request, or on the main brand's hosts, is left as written.
 */
export class MailBranding {
  readonly #origin = new AsyncLocalStorage<RequestOrigin>();
  readonly #brands: BrandService;
  readonly #publicUrl: string;
  readonly #productName: string;

  constructor(d: { brands: BrandService; publicUrl: string; productName?: string }) {
    this.#brands = d.brands;
    this.#publicUrl = d.publicUrl;
    this.#productName = d.productName ?? 'Vigil';
  }

  /** Remembers each request's host for the work it starts (callback hook: the context spans the handler). */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', (req, _reply, done) => {
      this.#origin.run({ host: req.host, hostname: req.hostname, protocol: req.protocol }, done);
    });
  }

  async brand(mail: BrandableMail): Promise<BrandableMail> {
    const origin = this.#origin.getStore();
    if (!origin) return mail;
    const index = await this.#brands.index();
    const brand = index.byHost.get(origin.hostname.toLowerCase());
    if (!brand || brand.row.main_brand === 1) return mail;
    const name = new RegExp(`\\b${this.#productName}\\b`, 'g');
    const base = `${origin.protocol}://${origin.host}`;
    const rewrite = (s: string) => s.replaceAll(this.#publicUrl, base).replace(name, brand.row.name);
    return { ...mail, subject: rewrite(mail.subject), text: rewrite(mail.text) };
  }
}
