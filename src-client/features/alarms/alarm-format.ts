import type { DashboardUser } from '@/domain/alarm-dashboard';
import { amsterdamIso, localToUtc } from '@/lib/amsterdam';

/** An instant as the value of a `datetime-local` input, in Amsterdam wall time: '2026-11-22T14:05'. */
export const toLocalInput = (iso: string | null) => (iso ? amsterdamIso(Date.parse(iso)).slice(0, 16) : '');

/** A `datetime-local` value (Amsterdam wall time) as an instant with its offset, as the API takes it. */
export const fromLocalInput = (value: string) => amsterdamIso(localToUtc(value) * 1000);

export const isLocalInput = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}:00Z`));

export const userName = (user: DashboardUser) => user.fullName || user.email;
