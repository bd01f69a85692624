import { expect, test } from 'vitest';
import { fromGenericPayload, fromMonitoringAlert, labelsKey, limitedData, severityPriority } from './hook-alerts';

test('severity is read without regard to case or spaces; an unknown one leaves the dashboard default (null)', () => {
  expect(['Critical', ' page ', 'ERROR', 'warn', 'Medium', 'none', 'info'].map(severityPriority)).toEqual([
    'HIGH',
    'HIGH',
    'HIGH',
    'MEDIUM',
    'MEDIUM',
    'LOW',
    'LOW',
  ]);
  expect(severityPriority('disaster')).toBeNull();
  expect(severityPriority(undefined)).toBeNull();
});

test('sorted labels are the key; a set too long for a key becomes a stable hash of it', () => {
  expect(labelsKey({ job: 'node', alertname: 'Down', instance: 'a:9100' })).toBe('alertname=Down,instance=a:9100,job=node');
  const long = { alertname: 'Down', description: 'x'.repeat(300) };
  expect(labelsKey(long)).toMatch(/^labels:[0-9a-f]{64}$/);
  expect(labelsKey({ ...long })).toBe(labelsKey(long));
});

test('data keeps the first 100 keys and cuts names to 64 and values to 2000 characters', () => {
  const data = limitedData([...Array.from({ length: 120 }, (_, i): [string, string] => [`k${i}`, 'v']), ['late', 'x']]);
  expect(Object.keys(data)).toHaveLength(100);
  expect(data.late).toBeUndefined();
  const cut = limitedData([['n'.repeat(80), 'y'.repeat(3000)]]);
  const [[name, value]] = Object.entries(cut) as [[string, string]];
  expect([name.length, value.length, value.endsWith('…')]).toEqual([64, 2000, true]);
});

test('a monitoring alert without summary reads "alertname instance"; Grafana values join the data as values.<ref>', () => {
  const alert = fromMonitoringAlert({
    status: 'firing',
    labels: { alertname: 'High CPU', instance: 'web-1', severity: 'warning' },
    annotations: {},
    generatorURL: 'http://grafana/x',
    values: { B: 91.5, C: 1 },
  });
  expect(alert).toEqual({
    status: 'firing',
    key: 'alertname=High CPU,instance=web-1,severity=warning',
    line: 'High CPU web-1',
    priority: 'MEDIUM',
    data: { alertname: 'High CPU', instance: 'web-1', severity: 'warning', generatorURL: 'http://grafana/x', 'values.B': '91.5', 'values.C': '1' },
    locationRef: null,
    startsAt: null,
  });
});

test("a monitoring alert's location or site label (any case) is its location reference; startsAt is read as a time, Go's zero time and nonsense as none", () => {
  const base = { status: 'firing' as const, annotations: {} };
  expect(fromMonitoringAlert({ ...base, labels: { Site: ' Kantoor ' }, startsAt: '2026-11-25T08:15:00+01:00' })).toMatchObject({
    locationRef: 'Kantoor',
    startsAt: Date.parse('2026-11-25T07:15:00Z'),
  });
  expect(fromMonitoringAlert({ ...base, labels: { LOCATION: '12' }, startsAt: '0001-01-01T00:00:00Z' })).toMatchObject({ locationRef: '12', startsAt: null });
  expect(fromMonitoringAlert({ ...base, labels: { plaats: 'x' }, startsAt: 'gisteren' })).toMatchObject({ locationRef: null, startsAt: null });
});

test('the generic body is one alert or a list; a resolved alert needs its key', () => {
  expect(fromGenericPayload({ line: 'Pomp 3 staat stil' })).toEqual([
    { status: 'firing', key: null, line: 'Pomp 3 staat stil', priority: null, data: {}, locationId: null },
  ]);
  expect(() => fromGenericPayload({ line: 'Weer goed', status: 'resolved' })).toThrow('De invoer is ongeldig.');
});
