/** How instants and e-mail addresses read throughout the alarm area. */
import { formatDateTime } from '@/lib/dates';

/** '22-11-2026 14:05' in Amsterdam time. */
export const formatInstant = (iso: string) => formatDateTime(new Date(iso));

export interface Address {
  address: string;
  name: string;
}

export const formatAddress = (a: Address) => (a.name && a.address ? `${a.name} <${a.address}>` : a.name || a.address);
export const formatAddresses = (list: Address[]) => list.map(formatAddress).join(', ');
