/** How instants and e-mail addresses read throughout the alarm area. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { TIME_ZONE } from '@/lib/amsterdam';
import { dateLocale, formatDateTime } from '@/lib/dates';

/** '22-11-2026 14:05' in Amsterdam time. */
export const formatInstant = (iso: string) => formatDateTime(new Date(iso));

/** '22-11 14:05' in Amsterdam time: a timeline's lines, where the year goes without saying. */
export const formatShortInstant = (iso: string) => format(new TZDate(Date.parse(iso), TIME_ZONE), 'dd-MM HH:mm', { locale: dateLocale });

export interface Address {
  address: string;
  name: string;
}

const formatAddress = (a: Address) => (a.name && a.address ? `${a.name} <${a.address}>` : a.name || a.address);
export const formatAddresses = (list: Address[]) => list.map(formatAddress).join(', ');
