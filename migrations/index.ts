/**
 * Every migration, in order. Listed by hand so the server bundle includes them;
 * `migrations.test.ts` fails when a file in this folder is missing here.
 *
 * Each migration runs on SQLite and on PostgreSQL. Write it with Kysely's schema
 * builder in SQLite's vocabulary: types 'integer', 'text', 'real', 'blob'; ids as
 * `c.primaryKey().autoIncrement()`; booleans as 'integer' 0/1; times as 'integer' UTC seconds.
 * On PostgreSQL `PortableSchemaPlugin` (./portable.ts) maps them (autoIncrement id → bigserial,
 * integer → bigint, real → double precision, blob → bytea), so such a migration needs no change.
 * Raw SQL must be portable: quoted identifiers, no SQLite-only functions, `rawTypes(db)` for
 * column types and `withoutRowid(db)` in raw `create table`. Where the engines must differ (a
 * foreign key to a table made later, SQLite-only syntax), branch on `engineOf(db)` from
 * ./portable.ts with both forms side by side (see 2026-11-23T1100-alarm-area.ts).
 */
import type { Migration } from 'kysely';
import * as foundation from './2026-11-22T1400-foundation';
import * as metersAndFeeds from './2026-11-22T1500-meters-and-feeds';
import * as hourlyRollup from './2026-11-22T1600-hourly-rollup';
import * as jobRuns from './2026-11-23T1000-job-runs';
import * as alarmArea from './2026-11-23T1100-alarm-area';
import * as mail from './2026-11-23T1200-mail';
import * as alarmParsers from './2026-11-24T1000-alarm-parsers';
import * as alarmLifecycle from './2026-11-25T1000-alarm-lifecycle';
import * as ingestTokens from './2026-11-25T1300-ingest-tokens';
import * as notifications from './2026-11-25T1400-notifications';
import * as notificationHistoryGaps from './2026-11-26T0100-notification-history-gaps';
import * as emailArrival from './2026-11-25T1500-email-arrival';
import * as parserDisabledReason from './2026-11-25T1600-parser-disabled-reason';
import * as alarmLocation from './2026-11-25T1650-alarm-location';
import * as alarmViews from './2026-11-25T1800-alarm-views';
import * as energyRules from './2026-11-25T1700-energy-rules';
import * as userTokens from './2026-11-25T1900-user-tokens';
import * as leases from './2026-11-25T2000-leases';
import * as attempts from './2026-11-25T2010-attempts';
import * as changeNotices from './2026-11-25T2100-change-notices';
import * as refreshGrace from './2026-11-25T2110-refresh-grace';
import * as parseQueueIndex from './2026-11-25T2120-parse-queue-index';
import * as rawMail from './2026-11-26T1000-raw-mail';
import * as schedules from './2026-11-28T1200-schedules';
import * as escalation from './2026-11-28T1300-escalation';
import * as notificationReached from './2026-11-28T1400-notification-reached';
import * as relayChannels from './2026-11-28T1400-relay-channels';
import * as smtpSources from './2026-11-28T1400-smtp-sources';
import * as oneTimePassword from './2026-11-28T1410-one-time-password';
import * as customerView from './2026-11-28T1500-customer-view';
import * as hourlySumsCovering from './2026-11-28T1900-hourly-sums-covering';

export const migrations: Record<string, Migration> = {
  '2026-11-22T1400-foundation': foundation,
  '2026-11-22T1500-meters-and-feeds': metersAndFeeds,
  '2026-11-22T1600-hourly-rollup': hourlyRollup,
  '2026-11-23T1000-job-runs': jobRuns,
  '2026-11-23T1100-alarm-area': alarmArea,
  '2026-11-23T1200-mail': mail,
  '2026-11-24T1000-alarm-parsers': alarmParsers,
  '2026-11-25T1000-alarm-lifecycle': alarmLifecycle,
  '2026-11-25T1300-ingest-tokens': ingestTokens,
  '2026-11-25T1400-notifications': notifications,
  '2026-11-25T1500-email-arrival': emailArrival,
  '2026-11-25T1600-parser-disabled-reason': parserDisabledReason,
  '2026-11-25T1650-alarm-location': alarmLocation,
  '2026-11-25T1700-energy-rules': energyRules,
  '2026-11-25T1800-alarm-views': alarmViews,
  '2026-11-25T1900-user-tokens': userTokens,
  '2026-11-25T2000-leases': leases,
  '2026-11-25T2010-attempts': attempts,
  '2026-11-25T2100-change-notices': changeNotices,
  '2026-11-25T2110-refresh-grace': refreshGrace,
  '2026-11-25T2120-parse-queue-index': parseQueueIndex,
  '2026-11-26T0100-notification-history-gaps': notificationHistoryGaps,
  '2026-11-26T1000-raw-mail': rawMail,
  '2026-11-28T1200-schedules': schedules,
  '2026-11-28T1300-escalation': escalation,
  '2026-11-28T1400-notification-reached': notificationReached,
  '2026-11-28T1400-relay-channels': relayChannels,
  '2026-11-28T1400-smtp-sources': smtpSources,
  '2026-11-28T1410-one-time-password': oneTimePassword,
  '2026-11-28T1500-customer-view': customerView,
  '2026-11-28T1900-hourly-sums-covering': hourlySumsCovering,
};
