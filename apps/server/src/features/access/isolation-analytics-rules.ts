import type { TestApp } from '../../testing/harness.ts';

/**
 * The isolation matrix's rules for analytics areas and alert rules (spec 001 §7, decision 0704), spread into
 * configRules. Reads for anyone who sees the camera (support included), changes with the settings right (owner,
 * co-owner, admin). The writes leave the shared camera as it was: they name the shared area or rule (a manager is
 * answered 409, an allowed answer) or change nothing; the rule deletion deletes a rule made for it.
 */
/** The callers of the matrix and one rule of it, shared with isolation-config-rules.ts. */
export type Role =
  | 'owner'
  | 'coowner'
  | 'admin'
  | 'readonly'
  | 'viewonly'
  | 'liveonly'
  | 'none'
  | 'stranger'
  | 'support';
export interface ConfigRule<F> {
  allow: Role[] | 'any';
  request(f: F, caller: { uid: string }): Promise<{ url: string; payload?: object }>;
}
export interface AnalyticsFixture {
  t: TestApp;
  owner: { uid: string; token: string };
  cam: string;
}

export const managers: Role[] = ['owner', 'coowner', 'admin'];
export const seeCameras: Role[] = [
  'owner',
  'coowner',
  'admin',
  'readonly',
  'viewonly',
  'liveonly',
  'support',
];
const ZONE = {
  name: 'Isolation zone',
  kind: 'zone',
  points: [
    [0, 0],
    [0.2, 0],
    [0.2, 0.2],
  ],
};
const RULE = { name: 'Isolation rule', objectClass: 'person', event: 'presence' };

/** The shared area and a rule on it, made by the owner the first time a rule asks. */
async function shared(f: AnalyticsFixture): Promise<{ area: string; rule: string }> {
  const as = { token: f.owner.token };
  const list = await f.t.call({ method: 'GET', url: `/analytics/areas?uidd=${f.cam}`, ...as });
  let area = list.json.areas.find((a: { name: string }) => a.name === ZONE.name)?.id as string | undefined;
  if (!area) {
    const made = await f.t.call({
      method: 'POST',
      url: '/analytics/areas',
      payload: { uidd: f.cam, area: ZONE },
      ...as,
    });
    area = made.json.areas.find((a: { name: string }) => a.name === ZONE.name).id as string;
  }
  const rules = await f.t.call({ method: 'GET', url: `/analytics/alerts/rules?uidd=${f.cam}`, ...as });
  let rule = rules.json.rules.find((r: { name: string }) => r.name === RULE.name)?.id as string | undefined;
  if (!rule) {
    const made = await f.t.call({
      method: 'POST',
      url: '/analytics/alerts/rules',
      payload: { uidd: f.cam, rule: { ...RULE, areaId: area } },
      ...as,
    });
    rule = made.json.rules.find((r: { name: string }) => r.name === RULE.name).id as string;
  }
  return { area, rule };
}

export function analyticsRules<F extends AnalyticsFixture>(): Record<string, ConfigRule<F>> {
  const read = (path: string): ConfigRule<F> => ({
    allow: seeCameras,
    request: async (f) => ({ url: `${path}?uidd=${f.cam}` }),
  });
  const change = (url: (f: F) => string, payload: (f: F, s: { area: string; rule: string }) => object) => ({
    allow: managers,
    request: async (f: F) => ({ url: url(f), payload: payload(f, await shared(f)) }),
  });
  return {
    'GET /analytics/areas': read('/analytics/areas'),
    'POST /analytics/areas': change(
      () => '/analytics/areas',
      (f) => ({ uidd: f.cam, area: ZONE }),
    ),
    'PATCH /analytics/areas': change(
      () => '/analytics/areas',
      (f, s) => ({ uidd: f.cam, areaIdsToUpdate: [s.area], area: { name: ZONE.name } }),
    ),
    // In use by the shared rule: a manager is told so (409) and it stays.
    'DELETE /analytics/areas': change(
      (f) => `/analytics/areas?uidd=${f.cam}`,
      (_, s) => ({ areas: [s.area] }),
    ),
    'GET /analytics/alerts/rules': read('/analytics/alerts/rules'),
    'POST /analytics/alerts/rules': change(
      () => '/analytics/alerts/rules',
      (f, s) => ({ uidd: f.cam, rule: { ...RULE, areaId: s.area } }),
    ),
    'PATCH /analytics/alerts/rules': change(
      () => '/analytics/alerts/rules',
      (f, s) => ({ uidd: f.cam, ruleIdsToUpdate: [s.rule], rule: { enabled: true } }),
    ),
    'DELETE /analytics/alerts/rules': {
      allow: managers,
      request: async (f: F) => {
        const { area } = await shared(f);
        const made = await f.t.call({
          method: 'POST',
          url: '/analytics/alerts/rules',
          token: f.owner.token,
          payload: { uidd: f.cam, rule: { ...RULE, name: `Gone ${Math.random()}`, areaId: area } },
        });
        const id = made.json.rules.find((r: { name: string }) => r.name.startsWith('Gone')).id as string;
        return { url: `/analytics/alerts/rules?uidd=${f.cam}`, payload: { rules: [id] } };
      },
    },
  };
}
