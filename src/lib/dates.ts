/**
 * Dutch date formatting for the whole product: date-fns with the `nl` locale (weeks start on
 * Monday; week 1 contains 4 January).
 */
import { format, getISOWeek } from 'date-fns';
import { nl } from 'date-fns/locale';

export const dateLocale = nl;

/** 'zondag 22 november 2026' */
export const formatLongDate = (date: Date) => format(date, 'EEEE d MMMM yyyy', { locale: nl });

/** '22-11-2026 14:05' */
export const formatDateTime = (date: Date) => format(date, 'dd-MM-yyyy HH:mm', { locale: nl });

export const isoWeekNumber = (date: Date) => getISOWeek(date);
