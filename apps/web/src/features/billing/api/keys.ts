/** Cache keys of billing, from one factory. */
export const billingKeys = {
  all: ['billing'] as const,
  geo: () => [...billingKeys.all, 'geo'] as const,
  pricing: (currency: string | undefined) => [...billingKeys.all, 'pricing', currency ?? 'auto'] as const,
  /** The list another account's plan is priced with (decision 0854): its installer chooses its plan. */
  pricingFor: (uid: string, currency: string) => [...billingKeys.all, 'pricing-for', uid, currency] as const,
  quote: (id: string) => [...billingKeys.all, 'quote', id] as const,
  subscription: (uid: string) => [...billingKeys.all, 'subscription', uid] as const,
  invoices: (uid: string) => [...billingKeys.all, 'invoices', uid] as const,
  invoice: (uid: string, id: string) => [...billingKeys.all, 'invoice', uid, id] as const,
  consents: (uid: string) => [...billingKeys.all, 'consents', uid] as const,
  installers: () => [...billingKeys.all, 'installers'] as const,
  priceLists: (installerId: string) => [...billingKeys.all, 'price-lists', installerId] as const,
};
