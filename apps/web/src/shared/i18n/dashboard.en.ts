/** English texts of the dashboard (decision 0860), added when its screens load. */
export const dashboardEn = {
  dashboard: {
    day: 'Day',
    chartTitle: 'Events per hour',
    barTitle: '{{camera}}, {{hour}}:00: {{count}} events',
    never: 'Never',
    justNow: 'Just now',
    minutesAgo_one: '{{count}} minute ago',
    minutesAgo_other: '{{count}} minutes ago',
    noCameras: 'No cameras yet.',
    health: 'Camera health',
    camera: 'Camera',
    status: 'Status',
    lastActivity: 'Last activity',
    eventsThatDay: 'Events that day',
    actions: 'Actions',
    statuses: { online: 'Online', offline: 'Offline', uninstalled: 'Uninstalled' },
  },
};
