import type { Generated, Selectable } from 'kysely';
import type { FeedStatus, MeterKind, Provider } from '@/domain/meterbeheer';

export interface FeedTable {
  uuid: string;
  provider: Provider;
  name: string;
  meterKind: MeterKind;
  status: FeedStatus;
  ean: string | null;
  postalCode: string | null;
  houseNumber: string | null;
  organizationId: number | null;
  credentials: string | null;
  createTimestamp: number;
  updateTimestamp: number | null;
  lastSyncAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  failureCount: Generated<number>;
  nextAttemptAt: number | null;
}
export type FeedRow = Selectable<FeedTable>;

export interface ChannelTable {
  id: Generated<number>;
  feedUuid: string;
  code: string;
  url: string;
  createTimestamp: number;
  updateTimestamp: number | null;
  dataFrom: string | null;
}
export type ChannelRow = Selectable<ChannelTable>;

declare module '../../platform/db/schema' {
  interface Database {
    channel: ChannelTable;
    feed: FeedTable;
  }
}
