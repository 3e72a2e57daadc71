/**
 * What Stripe's test mode does with its documented test card numbers: most succeed, some are declined with a
 * reason, one asks the payer to authenticate (3D Secure) first. Any other number passing the Luhn check succeeds, as
 * a Visa test card does.
 */
export type CardOutcome =
  | { kind: 'succeeded'; brand: string }
  | { kind: 'declined'; code: string; declineCode: string; message: string }
  | { kind: 'authenticate'; brand: string };

const DECLINES: Readonly<Record<string, Omit<Extract<CardOutcome, { kind: 'declined' }>, 'kind'>>> = {
  '4000000000000002': {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};
/** Needs authentication on every payment (Stripe's "3DS required" test card). */
export const AUTHENTICATE_CARD = '4000002500003155';

export function cardOutcome(number: string, expiry: string, now: Date): CardOutcome {
  const digits = number.replace(/[ -]/g, '');
  if (!luhnValid(digits))
    return {
      kind: 'declined',
      code: 'incorrect_number',
      declineCode: 'incorrect_number',
      message: 'Your card number is incorrect.',
    };
  const m = /^(0[1-9]|1[0-2]) ?\/ ?([0-9]{2})$/.exec(expiry.trim());
  if (!m)
    return {
      kind: 'declined',
      code: 'invalid_expiry_year',
      declineCode: 'invalid_expiry_year',
      message: "Your card's expiration date is incomplete.",
    };
  if (Date.UTC(2000 + Number(m[2]), Number(m[1]), 1) <= now.getTime())
    return {
      kind: 'declined',
      code: 'expired_card',
      declineCode: 'expired_card',
      message: 'Your card has expired.',
    };
  const declined = DECLINES[digits];
  if (declined) return { kind: 'declined', ...declined };
  const brand = digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'unknown';
  if (digits === AUTHENTICATE_CARD) return { kind: 'authenticate', brand };
  return { kind: 'succeeded', brand };
}

function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
