/**
 * The stand-in's hosted payment page, in the place of Stripe Checkout's: the payer types the card here, never into
 * the merchant's app. Plain HTML with a form (no script), labelled fields and the error in an alert region, so it
 * works at phone widths and with a keyboard.
 */
export interface PageSession {
  id: string;
  amount: number;
  currency: string;
  description: string;
  cancelUrl: string;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** "$2.99" from 299 USD minor units (zero-decimal currencies such as JPY have none). */
export function displayAmount(minor: number, currency: string, zeroDecimal: boolean): string {
  const amount = zeroDecimal ? minor : minor / 100;
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0002}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #8792a2;border-radius:.3rem}
button{margin-top:1rem;width:100%;padding:.7rem;font-size:1rem;border:0;border-radius:.3rem;background:#0a2540;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0a2540;border:1px solid #0a2540}[role=alert]{color:#b3093c;margin:.75rem 0 0}
.row{display:flex;gap:.75rem}.row>div{flex:1}p.note{font-size:.8rem;color:#4f566b}a{color:#0a2540}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The card form; `error` is the last attempt's decline, shown above the button. */
export function payPage(s: PageSession & { price: string }, error?: string): string {
  return layout(
    `Pay ${s.price}`,
    `<h1>Pay ${esc(s.price)}</h1><p>${esc(s.description)}</p>
<form method="post" action="/c/pay/${esc(s.id)}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" required></div>
<div><label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
${error ? `<p role="alert">${esc(error)}</p>` : ''}
<button type="submit">Pay ${esc(s.price)}</button></form>
<p class="note">A local stand-in for a card processor's test mode: no money moves.</p>
<p><a href="${esc(s.cancelUrl)}">Back</a></p>`,
  );
}

/** The bank's authentication step (3D Secure) of a card that asks for it. */
export function authenticatePage(s: PageSession & { price: string }): string {
  return layout(
    'Authenticate your payment',
    `<h1>Authenticate your payment</h1><p>Your bank asks you to confirm the payment of ${esc(s.price)}.</p>
<form method="post" action="/c/pay/${esc(s.id)}/authenticate">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button></form>`,
  );
}

/** A session that cannot be paid any more (paid, or unknown). */
export function donePage(message: string): string {
  return layout(message, `<h1>${esc(message)}</h1>`);
}
