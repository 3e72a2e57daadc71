import { describe, expect, it } from 'vitest';
import { registrationPayload } from './registration-payload.ts';

const form = {
  email: ' a@b.co ',
  password: 'long enough pw',
  subscriberType: 'enduser' as const,
  cameraBrand: '',
  marketing: true,
};

describe('registrationPayload (spec 000 §3)', () => {
  it('sends the whole payload with both spellings and the geo defaults', () => {
    const p = registrationPayload(form, {
      language: 'fr',
      search: new URLSearchParams('installerid=ins1&inviteId=inv1&region=eu'),
    });
    expect(p).toEqual({
      email: 'a@b.co',
      password: 'long enough pw',
      marketingemails: true,
      marketingEmails: true,
      language: 'fr',
      country: 'US',
      currency: 'USD',
      installerid: 'ins1',
      installerId: 'ins1',
      inviteid: 'inv1',
      inviteId: 'inv1',
      subscriberType: 'enduser',
      type: 'enduser',
      region: 'eu',
      caller: 'web',
    });
  });
  it('leaves out what is not known', () => {
    const p = registrationPayload(
      { ...form, cameraBrand: ' Axis ' },
      { language: 'en', search: new URLSearchParams() },
    );
    expect(p).not.toHaveProperty('installerid');
    expect(p).not.toHaveProperty('region');
    expect(p.cameraBrand).toBe('Axis');
  });
});
