import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser, signIn } from '../../testing/sessions.ts';

describeEachDb('camera groups', (ctx) => {
  it('creates, renames, sets cameras and deletes; names unique per user; kept sorted by name', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const base = `/users/${u.uid}/groups`;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.call({ method, url, payload, token: u.token });

    const zeta = await call('POST', base, {
      groupName: 'Zeta',
      uidd: [`${u.uid}.cam2`, `${u.uid}.cam1`, `${u.uid}.cam1`],
    });
    expect(zeta.json).toMatchObject({
      name: 'Zeta',
      groupName: 'Zeta',
      uidds: [`${u.uid}.cam1`, `${u.uid}.cam2`],
    });
    await call('POST', base, { groupName: 'Alpha' });
    expect((await call('POST', base, { groupName: 'Alpha' })).status).toBe(409);
    expect((await call('GET', base)).json.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'Zeta']);

    expect((await call('PUT', `${base}/${zeta.json.id}/name`, { newName: 'Alpha' })).status).toBe(409);
    expect((await call('PUT', `${base}/${zeta.json.id}/name`, { newName: 'Beta' })).json.name).toBe('Beta');
    expect((await call('PUT', `${base}/${zeta.json.id}`, { uidd: [`${u.uid}.cam3`] })).json.uidds).toEqual([
      `${u.uid}.cam3`,
    ]);
    expect((await call('PUT', `${base}/${zeta.json.id}`, { uidd: ['not-a-uidd'] })).status).toBe(400);
    expect((await call('POST', base, { groupName: '   ' })).status).toBe(400);

    const session = await signIn(t, u.email, u.password);
    expect(session.login.cameraGroups).toEqual([
      { id: expect.any(String), name: 'Alpha', cloudStorageDuration: 0, cameras: [] },
      { id: zeta.json.id, name: 'Beta', cloudStorageDuration: 30, cameras: [`${u.uid}.cam3`] },
    ]);
    expect((await call('DELETE', `${base}/${zeta.json.id}`)).json).toBe(true);
    expect((await call('GET', base)).json).toHaveLength(1);
  });

  it('refuses a name that differs only in case, and lists names sorted whatever their case (issue 13)', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const base = `/users/${u.uid}/groups`;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.call({ method, url, payload, token: u.token });
    for (const groupName of ['garage', 'Zeta', 'Alpha', 'bravo'])
      expect((await call('POST', base, { groupName })).status).toBe(200);
    const taken = await call('POST', base, { groupName: 'ALPHA' });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe('A group with this name already exists');
    const names = async () => (await call('GET', base)).json.map((g: { name: string }) => g.name);
    expect(await names()).toEqual(['Alpha', 'bravo', 'garage', 'Zeta']);

    const zeta = (await call('GET', base)).json.find((g: { name: string }) => g.name === 'Zeta');
    expect((await call('PUT', `${base}/${zeta.id}/name`, { newName: 'Garage' })).status).toBe(409);
    // Its own name in another case is a rename, not a clash.
    expect((await call('PUT', `${base}/${zeta.id}/name`, { newName: 'zeta' })).json.name).toBe('zeta');
    expect(await names()).toEqual(['Alpha', 'bravo', 'garage', 'zeta']);
    const session = await signIn(t, u.email, u.password);
    expect((session.login.cameraGroups as { name: string }[]).map((g) => g.name)).toEqual([
      'Alpha',
      'bravo',
      'garage',
      'zeta',
    ]);
  });

  it('refuses cameras the user cannot view and groups of other users', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const res = await t.call({
      method: 'POST',
      url: `/users/${u.uid}/groups`,
      token: u.token,
      payload: { groupName: 'Theirs', uidd: [`${other.uid}.cam1`] },
    });
    expect(res.status).toBe(404);
    const mine = await t.call({
      method: 'POST',
      url: `/users/${u.uid}/groups`,
      token: u.token,
      payload: { groupName: 'Mine' },
    });
    expect((await t.call({ method: 'GET', url: `/users/${u.uid}/groups`, token: other.token })).status).toBe(
      403,
    );
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `/users/${other.uid}/groups/${mine.json.id}`,
          token: other.token,
        })
      ).status,
    ).toBe(404);
  });

  it('gives installers the synthetic free partner demo group -1', async () => {
    const t = ctx();
    const installer = await signedInUser(t, 'i');
    expect(installer.login.cameraGroups).toEqual([
      { id: -1, name: 'Free partner demo', cloudStorageDuration: 0, cameras: [] },
    ]);
  });
});
