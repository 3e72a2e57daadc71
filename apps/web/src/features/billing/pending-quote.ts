// A quote link opened before signing up (a partner's quote to a new customer): remembered in this tab so that
// /get-started offers it once the account exists. Not in shared/storage's keys: it is not kept across sign-outs.
const KEY = 'vigil.pendingQuote';

export const rememberQuote = (id: string): void => sessionStorage.setItem(KEY, id);
export const pendingQuote = (): string | undefined => sessionStorage.getItem(KEY) ?? undefined;
export const forgetQuote = (): void => sessionStorage.removeItem(KEY);
