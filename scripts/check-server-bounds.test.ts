import { describe, expect, it } from 'vitest';
import { collapse, cycles } from './check-folder-cycles.ts';
import { problems, usesIn } from './check-table-owners.ts';

const mod = (source: string, ...deps: string[]) => ({
  source,
  dependencies: deps.map((resolved) => ({ resolved })),
});
const S = 'apps/server/src';

describe('folder cycles (decision 0018)', () => {
  it('collapses files to their feature or top-level folder and finds a cycle between two features', () => {
    const graph = collapse({
      modules: [
        mod(`${S}/features/auth/notices.ts`, `${S}/features/mail/mailer.ts`, `${S}/http/errors.ts`),
        mod(`${S}/features/mail/mailer.ts`, `${S}/features/auth/tokens.ts`),
        mod(`${S}/features/cameras/module.ts`, `${S}/features/auth/user-directory.ts`),
      ],
    });
    expect(cycles(graph)).toEqual([['features/auth', 'features/mail']]);
    expect(graph.get('features/mail')?.get('features/auth')).toEqual([
      'features/mail/mailer.ts → features/auth/tokens.ts',
    ]);
  });

  it('sees a cycle through a top-level folder, and none in one-way imports or tests', () => {
    const through = collapse({
      modules: [
        mod(`${S}/features/auth/routes.ts`, `${S}/http/auth-guard.ts`),
        mod(`${S}/http/auth-guard.ts`, `${S}/features/auth/tokens.ts`),
      ],
    });
    expect(cycles(through)).toEqual([['features/auth', 'http']]);
    const oneWay = collapse({
      modules: [
        mod(`${S}/features/accounts/members-service.ts`, `${S}/features/access/account-access.ts`),
        mod(`${S}/features/access/isolation.test.ts`, `${S}/features/accounts/members-service.ts`),
        mod(`${S}/app.ts`, `${S}/features/access/module.ts`),
      ],
    });
    expect(cycles(oneWay)).toEqual([]);
  });
});

describe('table owners (decision 0018)', () => {
  it('makes the writer the owner and refuses a second writer and a foreign read', () => {
    const uses = [
      ...usesIn('cameras', 'cameras/cameras-repository.ts', "db.updateTable('cameras').set({})"),
      ...usesIn('motion', 'motion/motion-settings.ts', "db.updateTable('cameras').set({})"),
      ...usesIn('labels', 'labels/event-labeller.ts', "db.selectFrom('cameras').select('analytics_enabled')"),
    ];
    expect(problems(uses, {})).toEqual([
      'table cameras is written by cameras and motion',
      'labels reads cameras (owned by cameras, motion): labels/event-labeller.ts',
    ]);
  });

  it('lets a listed join through, and reads of one own table', () => {
    const uses = [
      ...usesIn('auth', 'auth/users-repository.ts', "tx.insertInto('users').values(u)"),
      ...usesIn('accounts', 'accounts/members-repository.ts', "db.insertInto('account_members')"),
      ...usesIn(
        'accounts',
        'accounts/members-repository.ts',
        ".innerJoin('users as u', 'u.uid', 'm.owner_uid')",
      ),
    ];
    expect(problems(uses, { 'accounts reads users': 'the owner e-mail' })).toEqual([]);
    expect(problems(uses, {})).toEqual([
      'accounts reads users (owned by auth): accounts/members-repository.ts',
    ]);
  });
});
