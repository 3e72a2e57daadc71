import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';

/**
 * Security e-mails to an account's owner (decision 0008): each tells what happened, when and from where, and what
 * to do if it was not them. Sent after the answer: a slow or failing mail server never delays or fails the action.
 */
export class SecurityNotices {
  readonly #mailer: Mailer;
  readonly #publicUrl: string;
  readonly #log: FastifyBaseLogger;
  /** The sends under way, for tests to await. */
  readonly pending = new Set<Promise<void>>();

  constructor(mailer: Mailer, publicUrl: string, log: FastifyBaseLogger) {
    this.#mailer = mailer;
    this.#publicUrl = publicUrl;
    this.#log = log;
  }

  passwordChanged(to: string, how: 'reset' | 'changed'): void {
    this.#send(
      to,
      'Your password was changed',
      `The password of your Vigil account was ${how === 'reset' ? 'reset with a link sent to this address' : 'changed from the account page'}, and your other sessions were ended.\n\nIf it was not you, reset your password now: ${this.#publicUrl}/forgot-password\n`,
    );
  }

  emailChanged(oldAddress: string, newAddress: string): void {
    this.#send(
      oldAddress,
      'The e-mail address of your account was changed',
      `The e-mail address of your Vigil account was changed from ${oldAddress} to ${newAddress}.\n\nIf it was not you, contact support at once and reset your password.\n`,
    );
  }

  newDevice(to: string, client: { ip: string; userAgent: string | null }): void {
    this.#send(
      to,
      'New sign-in to your account',
      `Your Vigil account was signed in to from a device or place not seen before:\n\nAddress: ${client.ip}\nBrowser: ${client.userAgent ?? 'unknown'}\n\nIf it was you, there is nothing to do. If not, change your password and end that session on your account page: ${this.#publicUrl}/account\n`,
    );
  }

  tokenReplay(to: string, client: { ip: string | null; userAgent: string | null }): void {
    this.#send(
      to,
      'A session of your account was ended for your security',
      `Someone presented an old sign-in token of your Vigil account (last used from ${client.ip ?? 'an unknown address'}, ${client.userAgent ?? 'unknown browser'}). A copy of it may have been stolen, so that session was ended.\n\nSign in again on your device. If this keeps happening, change your password: ${this.#publicUrl}/account\n`,
    );
  }

  registrationAttempt(to: string): void {
    this.#send(
      to,
      'Someone tried to register with your address',
      `Someone tried to create a Vigil account with this e-mail address, which already has an account.\n\nIf it was you, sign in instead, or reset your password: ${this.#publicUrl}/forgot-password\nIf not, you can ignore this e-mail.\n`,
    );
  }

  verifyEmail(to: string, link: string): void {
    this.#send(
      to,
      'Confirm your e-mail address',
      `Welcome to Vigil. To confirm this address and start adding cameras, open this link within 7 days:\n${link}\n\nIf you did not create an account, ignore this e-mail.\n`,
    );
  }

  #send(to: string, subject: string, text: string): void {
    const p = this.#mailer
      .send({ to, subject, text })
      .catch((err) => this.#log.error({ err, subject }, 'security notice not written'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for every notice asked for so far (tests). */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
  }
}
