import { describe, expect, test } from 'vitest';
import type { AlarmInFolder } from '@/domain/alarm';
import { type ListContext, mergeRow, withoutRows } from './live-rows';

const INBOX = 10;
const DONE = 11;
const TRASH = 12;
const context: ListContext = { dashboardId: 1, me: 7, trashFolderId: TRASH, now: new Date('2026-11-28T12:00:00Z') };

const row = (id: number, over: Partial<AlarmInFolder> = {}): AlarmInFolder => ({
  id,
  line: `alarm ${id}`,
  priority: 'MEDIUM',
  receivedAt: new Date(Date.parse('2026-11-28T10:00:00Z') + id * 60_000).toISOString(),
  deadlineAt: null,
  assignees: [],
  seen: false,
  occurrences: 1,
  key: null,
  lastOccurredAt: '2026-11-28T10:00:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
  previousAlarmId: null,
  location: null,
  source: 'MAIL',
  folderId: INBOX,
  ...over,
});
const folderPage = (ids: number[], totalNumberOfPages = 1) => ({
  alarms: ids.map((id) => (({ folderId: _, ...item }) => item)(row(id))),
  totalNumberOfPages,
});
const ids = (page: { alarms: { id: number }[] }) => page.alarms.map((a) => a.id);
const inbox = { folderId: INBOX, page: 0, size: 3, sort: 'receivedAt,desc' as const };

describe('a live alarm row goes where the list would put it', () => {
  test('a new alarm tops the first page, newest first, and pushes the last row of a full page off it', () => {
    expect(ids(mergeRow(folderPage([3, 2, 1]), inbox, row(4), context))).toEqual([4, 3, 2]);
    expect(ids(mergeRow(folderPage([2, 1]), inbox, row(4), context))).toEqual([4, 2, 1]);
    expect(ids(mergeRow(folderPage([]), inbox, row(4), context))).toEqual([4]);
  });

  test('in priority order a HIGH alarm goes before the MEDIUM ones, a LOW one after them', () => {
    const input = { ...inbox, size: 20, sort: 'priority,desc' as const };
    expect(ids(mergeRow(folderPage([3, 2, 1]), input, row(4, { priority: 'HIGH' }), context))).toEqual([4, 3, 2, 1]);
    expect(ids(mergeRow(folderPage([3, 2, 1]), input, row(4, { priority: 'LOW' }), context))).toEqual([3, 2, 1, 4]);
  });

  test('a later page does not take a new alarm that belongs before its first row', () => {
    const page = folderPage([3, 2, 1], 2);
    expect(mergeRow(page, { ...inbox, page: 1 }, row(9), context)).toBe(page);
  });

  test("another folder's alarm, or one the filters leave out, stays out; one moved away or no longer matching leaves", () => {
    const page = folderPage([3, 2, 1]);
    expect(mergeRow(page, inbox, row(4, { folderId: DONE }), context)).toBe(page);
    expect(mergeRow(page, { ...inbox, priority: ['HIGH'] }, row(4), context)).toBe(page);
    expect(mergeRow(page, { ...inbox, resolved: false }, row(4, { resolvedAt: '2026-11-28T11:00:00Z' }), context)).toBe(page);
    expect(mergeRow(page, { ...inbox, period: 'today' }, row(4, { receivedAt: '2026-11-20T10:00:00Z' }), context)).toBe(page);
    expect(mergeRow(page, { ...inbox, assignee: 'me' }, row(4), context)).toBe(page);
    expect(ids(mergeRow(page, { ...inbox, assignee: 'me' }, row(4, { assignees: [7] }), context))).toEqual([4, 3, 2]);
    expect(ids(mergeRow(page, inbox, row(2, { folderId: DONE }), context))).toEqual([3, 1]);
    expect(ids(mergeRow(page, { ...inbox, acknowledged: false }, row(2, { acknowledgedAt: '2026-11-28T11:00:00Z' }), context))).toEqual([3, 1]);
  });

  test('a search text the row cannot decide (it may match the data) adds nothing, but a row on the page is updated in place', () => {
    const page = folderPage([3, 2, 1]);
    const input = { ...inbox, query: 'pomp' };
    expect(mergeRow(page, input, row(4), context)).toBe(page);
    expect(ids(mergeRow(page, input, row(4, { line: 'Pomp 2 storing' }), context))).toEqual([4, 3, 2]);
    const updated = mergeRow(page, input, row(2, { occurrences: 5 }), context);
    expect(updated.alarms.map((a) => [a.id, a.occurrences])).toEqual([
      [3, 1],
      [2, 5],
      [1, 1],
    ]);
  });

  test('the dashboard-wide list keeps its rows with their folder, leaves the trash out, and ignores other dashboards', () => {
    const search = { dashboardId: 1, page: 0, size: 20, sort: 'receivedAt,desc' as const };
    const page = { alarms: [row(1)], totalNumberOfPages: 1 };
    expect(mergeRow(page, search, row(2, { folderId: DONE }), context).alarms.map((a) => [a.id, a.folderId])).toEqual([
      [2, DONE],
      [1, INBOX],
    ]);
    expect(ids(mergeRow(page, search, row(1, { folderId: TRASH }), context))).toEqual([]);
    expect(mergeRow(page, { ...search, dashboardId: 2 }, row(2), context)).toBe(page);
    expect(mergeRow(page, search, row(2), { ...context, trashFolderId: undefined })).toBe(page);
  });

  test('an alarm deleted for good leaves the list', () => {
    expect(ids(withoutRows(folderPage([3, 2, 1]), new Set([2])))).toEqual([3, 1]);
  });
});
