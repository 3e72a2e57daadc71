import { describe, expect, it } from 'vitest';
import { accountsEn } from './accounts.en.ts';
import { accountsFr } from './accounts.fr.ts';
import { billingEn } from './billing.en.ts';
import { billingFr } from './billing.fr.ts';
import { camerasEn } from './cameras.en.ts';
import { camerasFr } from './cameras.fr.ts';
import { dashboardEn } from './dashboard.en.ts';
import { dashboardFr } from './dashboard.fr.ts';
import { en } from './en.ts';
import { eventsEn } from './events.en.ts';
import { eventsFr } from './events.fr.ts';
import { evidenceEn } from './evidence.en.ts';
import { evidenceFr } from './evidence.fr.ts';
import { fr } from './fr.ts';
import { browserLanguage } from './index.ts';
import { installEn } from './install.en.ts';
import { installFr } from './install.fr.ts';
import { mediaEn } from './media.en.ts';
import { mediaFr } from './media.fr.ts';
import { motionEn } from './motion.en.ts';
import { motionFr } from './motion.fr.ts';
import { ordersEn } from './orders.en.ts';
import { ordersFr } from './orders.fr.ts';
import { partnersEn } from './partners.en.ts';
import { partnersFr } from './partners.fr.ts';
import { peopleEn } from './people.en.ts';
import { peopleFr } from './people.fr.ts';
import { permissionsEn } from './permissions.en.ts';
import { permissionsFr } from './permissions.fr.ts';
import { pickersEn } from './pickers.en.ts';
import { pickersFr } from './pickers.fr.ts';
import { playerEn } from './player.en.ts';
import { playerFr } from './player.fr.ts';
import { ppeEn } from './ppe.en.ts';
import { ppeFr } from './ppe.fr.ts';
import { recordingsEn } from './recordings.en.ts';
import { recordingsFr } from './recordings.fr.ts';
import { settingsEn } from './settings.en.ts';
import { settingsFr } from './settings.fr.ts';
import { ssoEn } from './sso.en.ts';
import { ssoFr } from './sso.fr.ts';
import { vehiclesEn } from './vehicles.en.ts';
import { vehiclesFr } from './vehicles.fr.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );

describe('i18n', () => {
  it('French has every English key, in the shell and in every feature set', () => {
    const pairs: [object, object][] = [
      [en, fr],
      [accountsEn, accountsFr],
      [billingEn, billingFr],
      [evidenceEn, evidenceFr],
      [ordersEn, ordersFr],
      [partnersEn, partnersFr],
      [peopleEn, peopleFr],
      [ppeEn, ppeFr],
      [recordingsEn, recordingsFr],
      [settingsEn, settingsFr],
      [ssoEn, ssoFr],
      [vehiclesEn, vehiclesFr],
      [camerasEn, camerasFr],
      [playerEn, playerFr],
      [pickersEn, pickersFr],
      [mediaEn, mediaFr],
      [dashboardEn, dashboardFr],
      [eventsEn, eventsFr],
      [installEn, installFr],
      [motionEn, motionFr],
      [permissionsEn, permissionsFr],
    ];
    for (const [english, french] of pairs) expect(keys(french).sort()).toEqual(keys(english).sort());
  });
  it('no key is in two sets (a set added later would overwrite the other)', () => {
    const all = [
      en,
      accountsEn,
      billingEn,
      ordersEn,
      evidenceEn,
      partnersEn,
      peopleEn,
      ppeEn,
      recordingsEn,
      settingsEn,
      ssoEn,
      vehiclesEn,
      camerasEn,
      playerEn,
      pickersEn,
      mediaEn,
      dashboardEn,
      eventsEn,
      installEn,
      motionEn,
      permissionsEn,
    ].flatMap((set) => Object.keys(set));
    expect(all.length).toBe(new Set(all).size);
  });
  it('picks the first supported browser language, else English', () => {
    expect(browserLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(browserLanguage(['de', 'ja'])).toBe('en');
  });
});
