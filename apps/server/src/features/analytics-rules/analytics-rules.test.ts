import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { demoSession, insertCamera } from '../cameras/testing.ts';

const DRIVE = {
  name: 'Drive',
  kind: 'zone',
  points: [
    [0.1, 0.5],
    [0.6, 0.5],
    [0.6, 0.9],
    [0.1, 0.9],
  ],
};
const GATE = {
  name: 'Gate',
  kind: 'line',
  points: [
    [0.7, 0.1],
    [0.7, 0.9],
  ],
};

describeEachDb('analytics areas and alert rules (spec 001 §7)', (ctx) => {
  const send = (
    t: TestApp,
    who: { token: string },
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload: object,
  ) => t.call({ method, url, token: who.token, payload });
  const get = (t: TestApp, who: { token: string }, url: string) =>
    t.call({ method: 'GET', url, token: who.token });
  const setUp = async (t: TestApp) => {
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    return { u, cam };
  };

  it('creates, lists, renames, reshapes and deletes areas; names unique ignoring case; lines must not meet', async () => {
    const t = ctx();
    const { u, cam } = await setUp(t);
    const made = await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: DRIVE });
    expect(made.status).toBe(200);
    expect(made.json.areas).toEqual([{ id: expect.any(String), uidd: cam, ...DRIVE }]);
    const gate = await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: GATE });
    expect(gate.json.areas.map((a: { name: string }) => a.name)).toEqual(['Drive', 'Gate']);
    const [driveId, gateId] = gate.json.areas.map((a: { id: string }) => a.id);

    const same = await send(t, u, 'POST', '/analytics/areas', {
      uidd: cam,
      area: { ...DRIVE, name: ' drive ' },
    });
    expect([same.status, same.json.code, same.json.error]).toEqual([
      409,
      'conflict',
      'An area is already called "Drive"',
    ]);
    const crossing = {
      name: 'Path',
      kind: 'line',
      points: [
        [0.6, 0.5],
        [0.8, 0.5],
      ],
    };
    const meets = await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: crossing });
    expect([meets.status, meets.json.error]).toEqual([
      400,
      'Count lines must not overlap: this line meets "Gate"',
    ]);
    // A zone may lie across a line: only lines are kept apart.
    const over = {
      name: 'Lawn',
      kind: 'zone',
      points: [
        [0.65, 0.2],
        [0.9, 0.2],
        [0.9, 0.4],
      ],
    };
    expect((await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: over })).status).toBe(200);

    const renamed = await send(t, u, 'PATCH', '/analytics/areas', {
      uidd: cam,
      areaIdsToUpdate: [driveId],
      area: {
        name: 'Driveway',
        points: [
          [0, 0],
          [0.5, 0],
          [0.5, 0.5],
        ],
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.areas[0]).toEqual({
      id: driveId,
      uidd: cam,
      name: 'Driveway',
      kind: 'zone',
      points: [
        [0, 0],
        [0.5, 0],
        [0.5, 0.5],
      ],
    });
    const toLawn = await send(t, u, 'PATCH', '/analytics/areas', {
      uidd: cam,
      areaIdsToUpdate: [driveId],
      area: { name: 'LAWN' },
    });
    expect(toLawn.status).toBe(409);

    const gone = await send(t, u, 'DELETE', `/analytics/areas?uidd=${cam}`, { areas: [gateId] });
    expect(gone.json.areas.map((a: { name: string }) => a.name)).toEqual(['Driveway', 'Lawn']);
    expect((await send(t, u, 'DELETE', `/analytics/areas?uidd=${cam}`, { areas: [gateId] })).status).toBe(
      404,
    );
    expect((await get(t, u, `/analytics/areas?uidd=${cam}`)).json.areas.length).toBe(2);
  });

  it('refuses bad geometry with the reason', async () => {
    const t = ctx();
    const { u, cam } = await setUp(t);
    const refused = async (area: object) => {
      const res = await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: { name: 'A', ...area } });
      return [res.status, res.json.issues ?? res.json.error];
    };
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ];
    const cases: Array<[object, string[]]> = [
      [
        {
          kind: 'zone',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
        ['body.area.points: a zone needs at least 3 corners'],
      ],
      [
        {
          kind: 'zone',
          points: [
            [0, 0],
            [1.2, 0],
            [1, 1],
          ],
        },
        [
          'body.area.points.1.0: Too big: expected number to be <=1',
          'body.area.points: points are between 0 and 1 of the picture',
        ],
      ],
      // A bow tie: its sides cross.
      [{ kind: 'zone', points: bowTie }, ['body.area.points: zone lines cross']],
      [{ kind: 'line', points: bowTie }, ['body.area.points: the line crosses itself']],
      [
        { kind: 'line', points: Array.from({ length: 13 }, (_, i) => [i / 13, (i % 2) / 2]) },
        ['body.area.points: Too big: expected array to have <=12 items'],
      ],
    ];
    for (const [area, issues] of cases) expect(await refused(area)).toEqual([400, issues]);
    const [driveId] = (
      await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: DRIVE })
    ).json.areas.map((a: { id: string }) => a.id);
    const reshaped = await send(t, u, 'PATCH', '/analytics/areas', {
      uidd: cam,
      areaIdsToUpdate: [driveId],
      area: { points: bowTie },
    });
    expect([reshaped.status, reshaped.json.error]).toEqual([400, 'zone lines cross']);
  });

  it("keeps rules on the camera's areas: presence on zones, crossing on lines; an area in use stays", async () => {
    const t = ctx();
    const { u, cam } = await setUp(t);
    await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: DRIVE });
    const areas = (await send(t, u, 'POST', '/analytics/areas', { uidd: cam, area: GATE })).json.areas;
    const [drive, gate] = areas.map((a: { id: string }) => a.id);
    const person = { name: 'Person on the drive', areaId: drive, objectClass: 'person', event: 'presence' };
    const made = await send(t, u, 'POST', '/analytics/alerts/rules', { uidd: cam, rule: person });
    expect(made.status).toBe(200);
    expect(made.json).toEqual({
      uidd: cam,
      rules: [
        {
          id: expect.any(String),
          uidd: cam,
          ...person,
          direction: null,
          schedule: null,
          notify: true,
          enabled: true,
        },
      ],
    });
    const cars = await send(t, u, 'POST', '/analytics/alerts/rules', {
      uidd: cam,
      rule: {
        name: 'Vehicles in',
        areaId: gate,
        objectClass: 'car',
        event: 'crossing',
        schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
        notify: false,
      },
    });
    expect(cars.json.rules[1]).toMatchObject({
      direction: 'both',
      schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
      notify: false,
    });
    const ids = cars.json.rules.map((r: { id: string }) => r.id);

    const wrong = await send(t, u, 'POST', '/analytics/alerts/rules', {
      uidd: cam,
      rule: { ...person, name: 'X', areaId: gate },
    });
    expect([wrong.status, wrong.json.error]).toEqual([
      400,
      'A presence rule watches a zone, not a count line',
    ]);
    const unknownClass = await send(t, u, 'POST', '/analytics/alerts/rules', {
      uidd: cam,
      rule: { ...person, name: 'Y', objectClass: 'unicorn' },
    });
    expect(unknownClass.status).toBe(400);
    const dup = await send(t, u, 'POST', '/analytics/alerts/rules', {
      uidd: cam,
      rule: { ...person, name: 'PERSON ON THE DRIVE' },
    });
    expect([dup.status, dup.json.error]).toEqual([409, 'A rule is already called "Person on the drive"']);

    const off = await send(t, u, 'PATCH', '/analytics/alerts/rules', {
      uidd: cam,
      ruleIdsToUpdate: ids,
      rule: { enabled: false },
    });
    expect(off.json.rules.map((r: { enabled: boolean }) => r.enabled)).toEqual([false, false]);
    const oneName = await send(t, u, 'PATCH', '/analytics/alerts/rules', {
      uidd: cam,
      ruleIdsToUpdate: ids,
      rule: { name: 'Same' },
    });
    expect([oneName.status, oneName.json.error]).toEqual([400, 'Several rules cannot take one name']);
    const outOnly = await send(t, u, 'PATCH', '/analytics/alerts/rules', {
      uidd: cam,
      ruleIdsToUpdate: [ids[1]],
      rule: { direction: 'out' },
    });
    expect(outOnly.json.rules[1].direction).toBe('out');
    // Moved to the zone as a presence rule, the crossing's direction goes.
    const moved = await send(t, u, 'PATCH', '/analytics/alerts/rules', {
      uidd: cam,
      ruleIdsToUpdate: [ids[1]],
      rule: { areaId: drive, event: 'presence' },
    });
    expect(moved.json.rules[1]).toMatchObject({ areaId: drive, event: 'presence', direction: null });

    const inUse = await send(t, u, 'DELETE', `/analytics/areas?uidd=${cam}`, { areas: [drive] });
    expect([inUse.status, inUse.json.error]).toEqual([
      409,
      '"Drive" is used by the rule "Person on the drive": delete or change the rule first',
    ]);
    const left = await send(t, u, 'DELETE', `/analytics/alerts/rules?uidd=${cam}`, { rules: [ids[0]] });
    expect(left.json.rules.map((r: { name: string }) => r.name)).toEqual(['Vehicles in']);
    expect(
      (await send(t, u, 'DELETE', `/analytics/alerts/rules?uidd=${cam}`, { rules: ['nope'] })).status,
    ).toBe(404);
    expect((await get(t, u, `/analytics/alerts/rules?uidd=${cam}`)).json.rules.length).toBe(1);
  });

  it('lets each level read or change what it may; the demo is restricted', async () => {
    const t = ctx();
    const { u: owner, cam } = await setUp(t);
    const expected: Record<string, [number, number]> = {
      coowner: [200, 200],
      admin: [200, 200],
      readonly: [200, 403],
      viewonly: [200, 403],
      liveonly: [200, 403],
      none: [404, 404],
    };
    let n = 0;
    for (const [level, [read, write]] of Object.entries(expected)) {
      const m: SignedIn = await addMember(t, owner, level);
      const r = await get(t, m, `/analytics/areas?uidd=${cam}`);
      const w = await send(t, m, 'POST', '/analytics/areas', {
        uidd: cam,
        area: { ...DRIVE, name: `Zone ${++n}` },
      });
      expect(`${level} ${r.status} ${w.status}`).toBe(`${level} ${read} ${write}`);
    }
    const stranger = await signedInUser(t);
    expect((await get(t, stranger, `/analytics/alerts/rules?uidd=${cam}`)).status).toBe(404);
    const demo = await demoSession(t);
    const demoCam = await insertCamera(t, demo.uid);
    const res = await send(t, demo, 'POST', '/analytics/areas', { uidd: demoCam, area: DRIVE });
    expect([res.status, res.json.code]).toEqual([403, 'demo_restricted']);
  });
});
