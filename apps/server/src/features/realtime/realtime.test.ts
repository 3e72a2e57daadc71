import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';

/**
 * Reads a server-sent event stream over real HTTP, collecting events until told to stop. `connected()` turns true
 * on the server's ': connected' comment, written in the same tick as it subscribes to the bus: from then on a
 * published message reaches this stream.
 */
async function openStream(base: string, query: string, token: string) {
  const res = await fetch(`${base}/cameras/realtime/live?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const events: { type: string; data: { uidd: string } }[] = [];
  let ended = false;
  let connected = false;
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let i = buffer.indexOf('\n\n');
      while (i >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (block.split('\n').includes(': connected')) connected = true;
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)));
        i = buffer.indexOf('\n\n');
      }
    }
    ended = true;
  })().catch(() => {
    ended = true;
  });
  return { status: res.status, events, ended: () => ended, connected: () => connected, done };
}

const until = async (cond: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(['sqlite', 'postgres'] as const)('realtime stream [%s]', (kind) => {
  let t: TestApp;
  let base: string;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { realtimeRecheckMs: 200 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signedInUser(t);
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('streams the asked types of the asked cameras, as events with type and data', async () => {
    const cam = `${owner.uid}.cam1`;
    const s = await openStream(base, `types=liveSession,alert&uidd=${cam}`, owner.token);
    expect(s.status).toBe(200);
    const bus = t.app.services.realtime;
    await until(s.connected);
    bus.publish({ type: 'liveSession', data: { uidd: cam, state: 'started', stream: 'main' } });
    bus.publish({
      type: 'liveSession',
      data: { uidd: `${owner.uid}.other`, state: 'started', stream: 'main' },
    });
    bus.publish({ type: 'alert', data: { uidd: cam, id: 'e1', startTime: 1, motionScore: 5 } });
    await until(() => s.events.length >= 2);
    expect(s.events.map((e) => [e.type, e.data.uidd])).toEqual([
      ['liveSession', cam],
      ['alert', cam],
    ]);
  });

  it('streams all cameras of an owner when asked by owner id', async () => {
    const s = await openStream(base, `types=alert&owner=${owner.uid}`, owner.token);
    await until(s.connected);
    t.app.services.realtime.publish({
      type: 'liveSession',
      data: { uidd: `${owner.uid}.a`, state: 'started', stream: 'main' },
    });
    t.app.services.realtime.publish({
      type: 'alert',
      data: { uidd: `${owner.uid}.b`, id: 'e2', startTime: 1, motionScore: '0a' },
    });
    await until(() => s.events.length >= 1);
    expect(s.events.map((e) => e.type)).toEqual(['alert']);
  });

  it('refuses another tenant’s cameras, and ends the stream when the viewer signs out', async () => {
    const other = await signedInUser(t);
    const refused = await openStream(base, `types=alert&uidd=${owner.uid}.cam1`, other.token);
    expect(refused.status).toBe(404);
    const s = await openStream(base, `types=alert&uidd=${other.uid}.cam1`, other.token);
    expect(s.status).toBe(200);
    await t.call({ method: 'POST', url: '/logout', token: other.token, payload: {} });
    await until(s.ended);
    expect(s.ended()).toBe(true);
  });

  /** A new additional user of the owner's at this level; returns them and their membership id. */
  const member = async (level: string) => {
    const m = await signedInUser(t);
    const invite = await t.call({
      method: 'POST',
      url: `/multiuser/${owner.uid}/members`,
      token: owner.token,
      payload: { email: m.email, level },
    });
    const mail = await t.db.db
      .selectFrom('outbox')
      .select('body_text')
      .where('to_address', '=', m.email)
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail.body_text)?.[1] ?? '');
    await t.call({ method: 'POST', url: '/multiuser/invites/accept', token: m.token, payload: { token } });
    return { member: m, id: invite.json.id as string };
  };

  it('streams an event’s updates (alertUpdated) to those who may see its events only', async () => {
    const cam = `${owner.uid}.cam1`;
    const query = `types=liveSession,alertUpdated&uidd=${cam}`;
    const own = await openStream(base, query, owner.token);
    // Live only: may open the stream (liveSession), but is told nothing of events.
    const live = await openStream(base, query, (await member('liveonly')).member.token);
    expect([own.status, live.status]).toEqual([200, 200]);
    await until(() => own.connected() && live.connected());
    const bus = t.app.services.realtime;
    bus.publish({ type: 'alertUpdated', data: { uidd: cam, id: 'e3', change: 'labels' } });
    bus.publish({ type: 'alertUpdated', data: { uidd: `${owner.uid}.other`, id: 'e4', change: 'ended' } });
    bus.publish({ type: 'liveSession', data: { uidd: cam, state: 'started', stream: 'main' } });
    await until(() => own.events.length >= 2 && live.events.length >= 1);
    // A last message both may receive: once it is in, anything wrongly let through before it would be too.
    bus.publish({ type: 'liveSession', data: { uidd: cam, state: 'stopped', stream: 'main' } });
    const last = (e: { type: string; data: object }) => 'state' in e.data && e.data.state === 'stopped';
    await until(() => own.events.some(last) && live.events.some(last));
    expect(own.events).toEqual([
      { type: 'alertUpdated', data: { uidd: cam, id: 'e3', change: 'labels' } },
      { type: 'liveSession', data: { uidd: cam, state: 'started', stream: 'main' } },
      { type: 'liveSession', data: { uidd: cam, state: 'stopped', stream: 'main' } },
    ]);
    expect(live.events.map((e) => e.type)).toEqual(['liveSession', 'liveSession']);
  });

  it('ends a member’s stream within seconds of their access being revoked', async () => {
    const { member: m, id } = await member('liveonly');
    const s = await openStream(base, `types=liveSession&uidd=${owner.uid}.cam1`, m.token);
    expect(s.status).toBe(200);
    await t.call({
      method: 'DELETE',
      url: `/multiuser/${owner.uid}/members/${id}`,
      token: owner.token,
    });
    await until(s.ended);
    expect(s.ended()).toBe(true);
  });

  it('answers bad queries with a readable 400', async () => {
    const res = await fetch(`${base}/cameras/realtime/live?types=nope&uidd=x.y`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain('querystring.types');
  });
});
