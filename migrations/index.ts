/**
 * Every migration, in order. Listed by hand so the server bundle includes them;
 * `migrations.test.ts` fails when a file in this folder is missing here.
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
import * as emailArrival from './2026-11-25T1500-email-arrival';
import * as parserDisabledReason from './2026-11-25T1600-parser-disabled-reason';
import * as alarmLocation from './2026-11-25T1650-alarm-location';
import * as alarmViews from './2026-11-25T1800-alarm-views';

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
  '2026-11-25T1800-alarm-views': alarmViews,
};
