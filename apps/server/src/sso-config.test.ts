import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from './config.ts';

const load = (providers: unknown) => loadConfig({ SSO_PROVIDERS: JSON.stringify(providers) }).SSO_PROVIDERS;
/** The configuration's problems with this SSO_PROVIDERS (a string as it is, anything else as JSON). */
const problems = (providers: unknown) => {
  try {
    loadConfig({ SSO_PROVIDERS: typeof providers === 'string' ? providers : JSON.stringify(providers) });
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('SSO_PROVIDERS', () => {
  it('is empty when unset', () => {
    expect(loadConfig({}).SSO_PROVIDERS).toEqual([]);
  });

  it('fills in Google’s issuer and hd, Microsoft’s tid, and adds openid to the scopes', () => {
    expect(
      load([
        { id: 'google', kind: 'google', clientId: 'g', clientSecret: 's', organisation: 'example.com' },
        {
          id: 'microsoft',
          kind: 'microsoft',
          issuer: 'https://login.microsoftonline.com/7f1c0c5e-0000-4000-8000-000000000001/v2.0/',
          clientId: 'm',
          appClientIds: ['m-app'],
          scopes: 'email profile',
          organisation: '7f1c0c5e-0000-4000-8000-000000000001',
        },
      ]),
    ).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g',
        clientSecret: 's',
        audiences: ['g'],
        scopes: 'openid email profile',
        organisation: { claim: 'hd', value: 'example.com' },
      },
      {
        id: 'microsoft',
        name: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/7f1c0c5e-0000-4000-8000-000000000001/v2.0',
        clientId: 'm',
        clientSecret: undefined,
        audiences: ['m', 'm-app'],
        scopes: 'openid email profile',
        organisation: { claim: 'tid', value: '7f1c0c5e-0000-4000-8000-000000000001' },
      },
    ]);
  });

  it('lists every problem: not JSON, a bad id, no issuer, an organisation without its claim, a repeated id', () => {
    expect(problems('not json')).toEqual(['SSO_PROVIDERS: must be a JSON array of providers']);
    expect(problems([{ id: 'Bad Id', issuer: 'https://idp.example.com', clientId: 'c' }])).toEqual([
      'SSO_PROVIDERS: 0.id: must be a provider id',
    ]);
    expect(
      problems([
        { id: 'corp', clientId: 'c' },
        { id: 'x', issuer: 'https://idp.example.com', clientId: 'c', organisation: 'acme' },
        { id: 'y', issuer: 'https://idp.example.com', clientId: 'c' },
        { id: 'y', issuer: 'https://other.example.com', clientId: 'c' },
      ]),
    ).toEqual([
      'SSO_PROVIDERS: corp: issuer is required (kind oidc)',
      'SSO_PROVIDERS: x: organisationClaim is required with organisation',
      'SSO_PROVIDERS: provider ids must be unique',
    ]);
  });
});
