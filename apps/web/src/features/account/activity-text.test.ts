import type { AuditEntry } from '@vigil/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsEn } from '../../shared/i18n/accounts.en.ts';
import { accountsFr } from '../../shared/i18n/accounts.fr.ts';
import { en } from '../../shared/i18n/en.ts';
import { fr } from '../../shared/i18n/fr.ts';
import { partnersEn } from '../../shared/i18n/partners.en.ts';
import { partnersFr } from '../../shared/i18n/partners.fr.ts';
import { Translator } from '../../shared/i18n/translator.ts';
import { activityWhat, activityWho } from './activity-text.ts';

const entry = (
  action: string,
  details: Record<string, unknown>,
  actor: AuditEntry['actor'] = {},
): AuditEntry => ({
  id: 'x',
  at: 0,
  action,
  actor,
  ip: null,
  details,
});
const look = (kind: string) =>
  entry('support.viewed', { uidd: 'o.cam', cameraName: 'Front door', kind }, { uid: 's' });

describe('activity texts (decision 0017)', () => {
  const t = new Translator();
  beforeAll(() => {
    t.init({
      lng: 'en',
      resources: {
        en: { translation: { ...en, ...accountsEn, ...partnersEn } },
        fr: { translation: { ...fr, ...accountsFr, ...partnersFr } },
      },
    });
  });

  it('says what support looked at, by name', () => {
    expect(['thumb', 'still', 'live', 'recorded'].map((k) => activityWhat(look(k), t.t))).toEqual([
      'Support looked at the thumbnail of Front door',
      'Support looked at the picture of Front door',
      'Support watched live video of Front door',
      'Support watched recorded video of Front door',
    ]);
    expect(activityWho(look('still'), 'o', t.t)).toBe('by support staff');
  });

  it('says consent and downloads, and who did them', () => {
    expect(activityWhat(entry('support.granted', { hours: 168 }), t.t)).toBe(
      'Support access given for 7 days',
    );
    expect(activityWhat(entry('support.revoked', {}), t.t)).toBe('Support access revoked');
    expect(activityWhat(entry('export.completed', { cameraName: 'Garage' }), t.t)).toBe(
      'Video of Garage downloaded',
    );
    expect(activityWho(entry('support.granted', {}, { uid: 'o' }), 'o', t.t)).toBe('by you');
    expect(activityWho(entry('support.granted', {}, { uid: 'c' }), 'o', t.t)).toBe(
      'by another user of the account',
    );
    expect(activityWho(entry('export.completed', {}, { email: 'a@b.c' }), 'o', t.t)).toBe('by a@b.c');
    expect(activityWho(entry('export.completed', {}, { shareId: 'l' }), 'o', t.t)).toBe(
      'through a share link',
    );
  });

  it('speaks French too', () => {
    t.changeLanguage('fr');
    expect(activityWhat(entry('support.granted', { hours: 1 }), t.t)).toBe(
      'Accès du support donné pour 1 heure',
    );
    expect(activityWhat(look('live'), t.t)).toBe('Le support a regardé la vidéo en direct de Front door');
  });
});
