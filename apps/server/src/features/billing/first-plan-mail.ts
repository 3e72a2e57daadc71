import type { Invoice } from '@vigil/contracts';

/** The web app's plan page, where the owner pays what is due (the route table's `plan`). */
export const PLAN_PAGE_PATH = '/manage-plan/plan';
export const FIRST_PLAN_SUBJECT = 'A plan is waiting for you to pay it';

/**
 * The e-mail to a customer whose installer or distributor chose their first plan (decision 0873): who chose it, the
 * plan and its price as invoiced, and where to pay it. A pure function: the text is the test's literal.
 */
export function firstPlanMail(a: { to: string; by: string; invoice: Invoice; publicUrl: string }) {
  const { plan, price } = a.invoice;
  const every = price.renewalFrequency === 12 ? 'year' : 'month';
  const cameras = `${plan.cameras} camera${plan.cameras === 1 ? '' : 's'}`;
  const amount = `${price.total.toFixed(2)} ${price.currency.code}`;
  return {
    to: a.to,
    subject: FIRST_PLAN_SUBJECT,
    text: [
      `${a.by} chose a plan for your account: ${cameras}, ${amount} a ${every}, tax included.`,
      '',
      'It starts once you pay its invoice on your plan page:',
      `${a.publicUrl}${PLAN_PAGE_PATH}`,
      '',
    ].join('\n'),
  };
}
