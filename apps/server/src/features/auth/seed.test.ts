import { expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { describeEachDb } from '../../testing/harness.ts';
import { seedAccounts } from './seed.ts';

describeEachDb('first start', (ctx) => {
  it('created the demo and support accounts, with no password in the code', async () => {
    const t = ctx();
    const users = await t.db.db
      .selectFrom('users')
      .select(['email', 'account_type', 'is_demo', 'password_hash'])
      .execute();
    expect(users.find((u) => u.is_demo === 1)).toMatchObject({
      email: 'demo@vigil.local',
      password_hash: null,
    });
    const support = users.find((u) => u.account_type === 's');
    expect(support?.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: 'support@vigil.local', password: 'support-password-1' },
    });
    expect(login.json.accountType).toBe('s');
  });

  it('prints a generated support password once, and never again', async () => {
    const t = ctx();
    await t.db.db.deleteFrom('users').where('account_type', '=', 's').execute();
    const printed: string[] = [];
    const config = loadConfig({ SUPPORT_EMAIL: 'ops@example.com' });
    await seedAccounts(t.db.db, config, t.app.log, (l) => printed.push(l));
    await seedAccounts(t.db.db, config, t.app.log, (l) => printed.push(l));
    expect(printed).toHaveLength(1);
    const password = /Password \(shown only this once\): (\S+)/.exec(printed[0] ?? '')?.[1];
    expect(password).toBeTruthy();
    const login = await t.call({
      method: 'POST',
      url: '/login',
      payload: { email: 'ops@example.com', password },
    });
    expect(login.status).toBe(200);
  });
});
