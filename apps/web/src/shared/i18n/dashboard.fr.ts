import type { dashboardEn } from './dashboard.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the dashboard, key for key with `dashboardEn`. */
export const dashboardFr: Widen<typeof dashboardEn> = {
  dashboard: {
    day: 'Jour',
    chartTitle: 'Événements par heure',
    barTitle: '{{camera}}, {{hour}} h : {{count}} événements',
    never: 'Jamais',
    justNow: 'À l’instant',
    minutesAgo_one: 'il y a {{count}} minute',
    minutesAgo_other: 'il y a {{count}} minutes',
    noCameras: 'Pas encore de caméra.',
    health: 'État des caméras',
    camera: 'Caméra',
    status: 'État',
    lastActivity: 'Dernière activité',
    eventsThatDay: 'Événements ce jour',
    actions: 'Actions',
    statuses: { online: 'En ligne', offline: 'Hors ligne', uninstalled: 'Désinstallée' },
  },
};
