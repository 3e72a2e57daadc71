import type { pickersEn } from './pickers.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the date, time and duration pickers, key for key with `pickersEn`. */
export const pickersFr: Widen<typeof pickersEn> = {
  pickers: {
    previousMonth: 'Mois précédent',
    nextMonth: 'Mois suivant',
    months: 'Mois',
    selected: 'sélectionné',
    pickDay: 'Choisir un jour',
    chooseStart: 'Choisissez le premier jour',
    chooseEnd: 'Choisissez le dernier jour',
    timeRequired: 'Saisissez une heure.',
    endAfterStart: 'La fin doit être après le début.',
    mustBeAfter: 'Doit être après le {{date}}.',
    mustBeBefore: 'Doit être avant le {{date}}.',
    startTime: 'Heure de début',
    endTime: 'Heure de fin',
    nextDay: '(le lendemain)',
    hours: 'Heures',
    minutes: 'Minutes',
    h: 'h',
    min: 'min',
    upTo: 'Jusqu’à {{max}}',
    max_hours: '{{count}} h',
    max_minutes: '{{count}} min',
    errors: {
      beforeMin: 'Le début est trop tôt.',
      afterMax: 'La fin est trop tard.',
      tooLong: 'La plage dépasse {{max}}.',
      invalidTime: 'Saisissez les heures au format hh:mm.',
    },
    duration: {
      hoursOutOfRange: 'Les heures doivent rester dans la plage permise.',
      minutesOutOfRange: 'Les minutes vont de 00 à 59.',
      tooShort: 'Au moins {{min}} min.',
      tooLong: 'Au plus {{max}}.',
      pastNow: 'La fin ne peut pas être après maintenant.',
      invalid: 'Saisissez des heures et des minutes entières.',
    },
  },
};
