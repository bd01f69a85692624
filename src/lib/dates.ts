/**
 * Dutch date formatting for the whole product: date-fns with the `nl` locale (weeks start on
 * Monday; week 1 contains 4 January).
 */
import { TZDate } from '@date-fns/tz';
import { format, getISOWeek } from 'date-fns';
import { nl } from 'date-fns/locale';
import { TIME_ZONE } from './amsterdam';

export const dateLocale = nl;

/** 'zondag 22 november 2026' */
export const formatLongDate = (date: Date) => format(date, 'EEEE d MMMM yyyy', { locale: nl });

/** '22-11-2026 14:05', Amsterdam wall time whatever the browser's zone. */
export const formatDateTime = (date: Date) => format(new TZDate(date.getTime(), TIME_ZONE), 'dd-MM-yyyy HH:mm', { locale: nl });

export const isoWeekNumber = (date: Date) => getISOWeek(date);
