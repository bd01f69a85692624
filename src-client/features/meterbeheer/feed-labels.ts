import type { FeedStatus } from '@/domain/meterbeheer';
import { formatDateTime } from '@/lib/dates';

export const feedStatusLabels: Record<FeedStatus, string> = { verified: 'Geverifieerd', unverified: 'Niet geverifieerd' };

export const dateTimeOrDash = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '–');
