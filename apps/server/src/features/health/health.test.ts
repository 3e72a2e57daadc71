import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';

describeEachDb('GET /health', (ctx) => {
  it('answers ok with the database kind, without a token', async () => {
    const t = ctx();
    const res = await t.call({ method: 'GET', url: '/health' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', region: 'local', database: t.kind });
    // The default local store: the object-storage tier is there, not configured (decision 0857).
    expect(res.json.objectStorage).toEqual({ configured: false });
  });

  it('answers unknown endpoints and unauthorised calls in the one error shape', async () => {
    const t = ctx();
    const missing = await t.call({ method: 'GET', url: '/no/such/thing' });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'No such endpoint: GET /no/such/thing', code: 'not_found' });
    const noToken = await t.call({ method: 'GET', url: '/session' });
    expect(noToken.status).toBe(401);
    expect(noToken.json.code).toBe('unauthorised');
    const forged = await t.call({
      method: 'GET',
      url: '/session',
      token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    });
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe('invalid_token');
  });
});
