/**
 * `GET /dashboards/{id}/alarms.csv`: the dashboard-wide list's filtered alarms as
 * CSV, streamed in pages so 10,000 alarms never sit in memory at once, with the energy export's
 * CSV helpers (semicolons, decimal commas, BOM) and local `dd-MM-yyyy HH:mm` times.
 */
import type { AlarmFilter, AlarmSort } from '@/domain/alarm-filter';
import { priorityLabels } from '@/domain/alarm-dashboard';
import { CSV_BOM, type CsvColumn, csvHeader, csvRow } from '@/lib/csv';
import { localDateTimeText } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import { foldersOfDashboard } from '../alarm-folders/alarm-folders.queries';
import { exportPages } from './alarm-lists.queries';
import { assigneeNames, toListItems } from './alarms.queries';

const PAGE = 2000;

interface ExportRow {
  receivedAt: number;
  priority: keyof typeof priorityLabels;
  line: string;
  location: string;
  folder: string;
  assignees: string;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  occurrences: number;
}

const time = (s: number | null) => (s === null ? '' : localDateTimeText(s));

const ALARM_CSV_COLUMNS: CsvColumn<ExportRow>[] = [
  { title: 'Ontvangen', value: (r) => time(r.receivedAt) },
  { title: 'Prioriteit', value: (r) => priorityLabels[r.priority] },
  { title: 'Melding', value: (r) => r.line },
  { title: 'Locatie', value: (r) => r.location },
  { title: 'Map', value: (r) => r.folder },
  { title: 'Toegewezen aan', value: (r) => r.assignees },
  { title: 'Bevestigd', value: (r) => time(r.acknowledgedAt) },
  { title: 'Opgelost', value: (r) => time(r.resolvedAt) },
  { title: 'Aantal', value: (r) => r.occurrences },
];

/** The CSV's text in chunks: the BOM and header, then a chunk per page of alarms. */
export async function* alarmsCsv(db: DB, dashboardId: number, filter: AlarmFilter & { sort: AlarmSort }, me: number, at: number): AsyncGenerator<string> {
  const folders = new Map((await foldersOfDashboard(db, dashboardId)).map((f) => [f.id, f.label]));
  const page = await exportPages(db, dashboardId, filter, me, at);
  yield CSV_BOM + csvHeader(ALARM_CSV_COLUMNS);
  for (let offset = 0; ; offset += PAGE) {
    const rows = await page(PAGE, offset);
    if (rows.length === 0) return;
    const [items, names] = await Promise.all([
      toListItems(db, rows),
      assigneeNames(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    yield items
      .map(({ row, item }) =>
        csvRow(
          {
            receivedAt: row.receivedAt,
            priority: row.priority,
            line: row.line,
            location: item.location?.name ?? '',
            folder: folders.get(row.folderId) ?? '',
            assignees: (names.get(row.id) ?? []).join(', '),
            acknowledgedAt: row.acknowledgedAt,
            resolvedAt: row.resolvedAt,
            occurrences: row.occurrences,
          },
          ALARM_CSV_COLUMNS,
        ),
      )
      .join('');
    if (rows.length < PAGE) return;
  }
}
