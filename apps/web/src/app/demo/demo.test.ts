import { describe, expect, it } from 'vitest';
import { demoExitTarget } from '../nav/use-leave.ts';
import { demoLabelKey } from './demo-label.ts';

describe('demo', () => {
  it('labels installer and distributor demo sign-ins (spec 000 §6)', () => {
    expect(demoLabelKey('i')).toBe('demo.freePartnerDemo');
    expect(demoLabelKey('d')).toBe('demo.distributorDemo');
    expect(demoLabelKey('u')).toBe('demo.account');
  });
  it('exits to the return link, or to sign-in on localhost or when none is set (spec 000 §2)', () => {
    expect(demoExitTarget('https://brand.example', 'app.brand.example')).toBe('https://brand.example');
    expect(demoExitTarget('https://brand.example', 'localhost')).toBe('/sign-in');
    expect(demoExitTarget(undefined, 'app.brand.example')).toBe('/sign-in');
  });
});
