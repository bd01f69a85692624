import type { FeedStatus } from '@/domain/meterbeheer';

export const feedStatusLabels: Record<FeedStatus, string> = { verified: 'Geverifieerd', unverified: 'Niet geverifieerd' };
