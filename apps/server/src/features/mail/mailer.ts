import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterCommit } from '../../shared/ambient-transaction.ts';
import { randomId } from '../../shared/random.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every e-mail is written to the outbox table first (support can read it there, and nothing is lost if SMTP is
 * down); when SMTP_URL is configured it is then sent and marked sent, or its error recorded.
 */
export class Mailer {
  readonly #db: Db;
  readonly #transport: Transporter | undefined;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  #brand: ((mail: Mail) => Promise<Mail>) | undefined;

  constructor(db: Db, opts: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger) {
    this.#db = db;
    this.#from = opts.from;
    this.#log = log;
    this.#transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  }

  /** Rewrites each e-mail for the brand of the request that sent it (features/brands, decision 0820). */
  useBrand(brand: (mail: Mail) => Promise<Mail>): void {
    this.#brand = brand;
  }

  async send(original: Mail): Promise<void> {
    const mail = this.#brand ? await this.#brand(original) : original;
    const id = randomId();
    await this.#db
      .insertInto('outbox')
      .values({
        id,
        to_address: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        created_at: Date.now(),
        sent_at: null,
        error: null,
      })
      .execute();
    if (!this.#transport) {
      // Without SMTP (the embedded default) the console is the only place a person running the server can read the
      // confirmation and reset links; a server that sends mail never logs bodies (decision 0005).
      this.#log.info(
        { outboxId: id, to: mail.to, subject: mail.subject },
        `e-mail kept in the outbox:\n${mail.text}`,
      );
      return;
    }
    // Inside a unit of work (a new account, decision 0872) the row is that unit's: sent once it is committed, never
    // for an account rolled back, and no SMTP exchange holds the transaction open.
    const transport = this.#transport;
    await afterCommit(() => this.#deliver(transport, id, mail));
  }

  async #deliver(transport: Transporter, id: string, mail: Mail): Promise<void> {
    try {
      await transport.sendMail({
        from: this.#from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await this.#db.updateTable('outbox').set({ sent_at: Date.now() }).where('id', '=', id).execute();
    } catch (err) {
      this.#log.warn({ err, outboxId: id }, 'e-mail not sent; kept in the outbox');
      await this.#db
        .updateTable('outbox')
        .set({ error: String(err) })
        .where('id', '=', id)
        .execute();
    }
  }

  /** Whether this e-mail was written to the outbox since `sinceMs` (alerts that must not repeat too often). */
  async sentSince(to: string, subject: string, sinceMs: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', to)
      .where('subject', '=', subject)
      .where('created_at', '>', sinceMs)
      .executeTakeFirst();
    return row !== undefined;
  }

  close(): void {
    this.#transport?.close();
  }
}
