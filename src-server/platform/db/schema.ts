/** The database as Kysely sees it: one entry per table, each table typed in its own module. */
import type { JobRunTable, LeaseTable } from '../jobs/jobs.table';
import type { AttemptTable } from '../rate-limit.table';
import type { MeasurementHourTable, MeasurementTable } from '../../modules/measurement-store/measurements.table';
import type { ChannelTable, FeedTable } from '../../modules/meterbeheer/meterbeheer.table';
import type { MeterTable } from '../../modules/meters/meters.table';
import type { LocationTable } from '../../modules/locations/locations.table';
import type { OrganizationTable } from '../../modules/organizations/organizations.table';
import type { SessionTable } from '../../modules/auth/auth.table';
import type { UserTokenTable } from '../../modules/onboarding/onboarding.table';
import type { UserLocationTable, UserTable } from '../../modules/users/users.table';
import type { AlarmDashboardTable, BrandingImageTable } from '../../modules/alarm-dashboards/alarm-dashboards.table';
import type { AlarmFolderTable } from '../../modules/alarm-folders/alarm-folders.table';
import type { AlarmAssigneeTable, AlarmHistoryTable, AlarmTable } from '../../modules/alarms/alarms.table';
import type { AlarmViewTable } from '../../modules/alarm-views/alarm-views.table';
import type { AlarmEmailTable, ParsingAttemptTable } from '../../modules/alarm-emails/alarm-emails.table';
import type { MailSourceTable } from '../../modules/mail-sources/mail-sources.table';
import type { AlarmParserTable } from '../../modules/alarm-parsers/alarm-parsers.table';
import type { HeartbeatTable } from '../../modules/alarm-parsers/heartbeats.table';
import type { MaintenanceWindowTable } from '../../modules/maintenance-windows/maintenance-windows.table';
import type { IngestTokenTable } from '../../modules/ingest-tokens/ingest-tokens.table';
import type { EnergyRuleTable } from '../../modules/energy-rules/energy-rules.table';
import type {
  AlarmMailThreadTable,
  NotificationCursorTable,
  NotificationHistoryGapTable,
  NotificationRuleTable,
  NotificationTable,
} from '../../modules/notifications/notifications.table';
import type { ActionTokenTable } from '../../modules/alarm-actions/alarm-actions.table';
import type { ContactMethodTable } from '../../modules/contact-methods/contact-methods.table';
import type { EscalationPolicyTable, EscalationTable } from '../../modules/escalation-policies/escalation-policies.table';

export interface Database {
  organization: OrganizationTable;
  location: LocationTable;
  user: UserTable;
  userLocation: UserLocationTable;
  session: SessionTable;
  userToken: UserTokenTable;
  feed: FeedTable;
  channel: ChannelTable;
  measurement: MeasurementTable;
  measurementHour: MeasurementHourTable;
  meter: MeterTable;
  jobRun: JobRunTable;
  lease: LeaseTable;
  attempt: AttemptTable;
  brandingImage: BrandingImageTable;
  alarmDashboard: AlarmDashboardTable;
  alarmFolder: AlarmFolderTable;
  alarm: AlarmTable;
  alarmAssignee: AlarmAssigneeTable;
  mailSource: MailSourceTable;
  alarmEmail: AlarmEmailTable;
  parsingAttempt: ParsingAttemptTable;
  alarmParser: AlarmParserTable;
  alarmHistory: AlarmHistoryTable;
  heartbeat: HeartbeatTable;
  maintenanceWindow: MaintenanceWindowTable;
  ingestToken: IngestTokenTable;
  notificationRule: NotificationRuleTable;
  notification: NotificationTable;
  notificationCursor: NotificationCursorTable;
  notificationHistoryGap: NotificationHistoryGapTable;
  alarmMailThread: AlarmMailThreadTable;
  energyRule: EnergyRuleTable;
  alarmView: AlarmViewTable;
  escalationPolicy: EscalationPolicyTable;
  escalation: EscalationTable;
  contactMethod: ContactMethodTable;
  actionToken: ActionTokenTable;
}
