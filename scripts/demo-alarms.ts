/**
 * The demo's alarm dashboard: folders, a theme, a logo and a few hundred alarms over the past
 * months from the kinds of senders installers deal with, so the console and its chart live.
 * The dashboard, folders, theme and logo go through the REST adapter as a script would; the
 * history is raised through the alarm service with a clock set back in time.
 */
import { deflateSync } from 'node:zlib';
import type { ParserConfig } from '../src/domain/alarm-parser';
import type { Services } from '../src-server/services';
import { raiseAlarm } from '../src-server/modules/alarms/alarms.service';

type Api = <T>(method: string, route: string, body?: unknown) => Promise<T>;

const SENDERS = [
  { line: 'Warmtepomp {n}: hoge druk storing (E{code})', priority: 'HIGH', data: (n: number) => ({ installatie: `Warmtepomp ${n}`, code: `E${100 + n}` }) },
  { line: 'Omvormer {n} offline sinds {time}', priority: 'MEDIUM', data: (n: number) => ({ omvormer: `SE-${4000 + n}`, locatie: 'Dak' }) },
  { line: 'GBS: ruimtetemperatuur te laag in zone {n}', priority: 'LOW', data: (n: number) => ({ zone: String(n), gemeten: `${14 + (n % 3)} °C` }) },
  { line: 'Brandmeldcentrale: storing lus {n}', priority: 'HIGH', data: (n: number) => ({ lus: String(n) }) },
  { line: 'Monitoring: meter {n} levert geen data', priority: 'MEDIUM', data: (n: number) => ({ ean: `87168590000000${1000 + n}` }) },
  { line: 'Legionellaprogramma niet uitgevoerd (boiler {n})', priority: 'LOW', data: (n: number) => ({ boiler: String(n) }) },
] as const;

/** A small PNG: the demo logo, a coloured square with a lighter band. */
export function demoLogoPng(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y++) {
    const band = y > size * 0.4 && y < size * 0.6;
    rows.push(Buffer.from([0, ...Array.from({ length: size }, () => (band ? [253, 186, 116] : [15, 118, 110])).flat()]));
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedDemoAlarms(
  api: Api,
  upload: (route: string, form: FormData) => Promise<unknown>,
  services: Services,
  organizationId: number,
  now = new Date(),
) {
  const dashboard = await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Zonnedak', organizationId });
  const base = `/api/v1/alarms/dashboards/${dashboard.id}`;
  await api('PATCH', `${base}/theme`, {
    primary: '#0f766e',
    primaryDark: '#134e4a',
    secondary: '#2563eb',
    secondaryDark: '#1e3a8a',
    tertiary: '#f59e0b',
    tertiaryDark: '#b45309',
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(demoLogoPng())], { type: 'image/png' }), 'logo.png');
  await upload(`${base}/settings/branding`, form);
  const storingen = await api<{ id: number }>('POST', `${base}/folders`, {
    name: 'storingen',
    label: 'Storingen',
    icon: 'flame',
    countMode: 'UNASSIGNED',
    relevant: true,
  });
  await api('POST', `${base}/folders`, { name: 'onderhoud', label: 'Onderhoud', icon: 'wrench', countMode: 'TOTAL', relevant: true });
  const folders = await api<{ id: number; name: string }[]>('GET', `${base}/folders`);
  const done = folders.find((f) => f.name === 'done')!.id;

  // Each alarm is about one of the organization's locations (the console filters and exports by them).
  const { locations } = await api<{ locations: { id: number }[] }>('GET', `/api/organization/${organizationId}`);
  // About 300 alarms over the last 120 days, more on weekdays; old ones mostly handled.
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const day = 86_400_000;
  let count = 0;
  for (let t = now.getTime() - 120 * day; t < now.getTime(); t += (2 + random() * 14) * 3_600_000) {
    const sender = SENDERS[Math.floor(random() * SENDERS.length)]!;
    const n = 1 + Math.floor(random() * 9);
    const at = new Date(t);
    const age = (now.getTime() - t) / day;
    const folderId = age > 14 && random() < 0.85 ? done : sender.priority === 'HIGH' && random() < 0.5 ? storingen.id : null;
    const line = sender.line
      .replace('{n}', String(n))
      .replace('{code}', String(100 + n))
      .replace('{time}', at.toLocaleTimeString('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }));
    await raiseAlarm({ ...services, clock: () => at }, { actor: { type: 'SYSTEM', name: 'Demo' } }, dashboard.id, {
      line,
      priority: sender.priority,
      data: sender.data(n),
      folderId,
      locationId: locations.length ? locations[n % locations.length]!.id : null,
    });
    count++;
  }
  return { dashboardId: dashboard.id, alarms: count };
}

/**
 * The demo's rules parser for the monitoring mails. Repeats group by what is wrong, not by the
 * subject: "Omvormer 2 offline sinds 02:17", "… sinds 02:23" and "… sinds 02:29" are one alarm ×3,
 * so the key leaves out the time (the subject's named group `storing`).
 */
export function demoParserConfig(locationRules: { pattern: string; locationId: number }[]): ParserConfig {
  const field = (name: string) => ({ name, field: 'body' as const, pattern: `^${name}: (.+)$` });
  return {
    match: { from: 'monitoring@zonnedak\\.example', subject: '^(?<storing>.+?)(?:\\s+sinds\\s+\\d{1,2}:\\d{2})?$' },
    line: '{{subject}}',
    priority: [
      { field: 'subject', pattern: 'hoge druk|brandmeldcentrale', priority: 'HIGH' },
      { field: 'subject', pattern: 'ruimtetemperatuur|legionella', priority: 'LOW' },
    ],
    data: ['installatie', 'code', 'omvormer', 'zone', 'lus', 'ean', 'boiler'].map(field),
    group: { key: '{{storing}}', windowMinutes: 60 },
    ...(locationRules.length ? { location: { field: 'subject', map: locationRules } } : {}),
  };
}

/** Alarm e-mails as the demo's senders write them, one every 20 s into `deliver`. */
export function startDemoMail(deliver: (raw: string) => void, everyMs = 20_000) {
  let n = 0;
  const send = () => {
    const sender = SENDERS[n % SENDERS.length]!;
    const unit = 1 + (n % 9);
    const subject = sender.line
      .replace('{n}', String(unit))
      .replace('{code}', String(100 + unit))
      .replace('{time}', new Date().toLocaleTimeString('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }));
    const body = Object.entries(sender.data(unit))
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    deliver(
      `From: Monitoring <monitoring@zonnedak.example>\r\nTo: storingen@zonnedak.example\r\nSubject: ${subject}\r\nMessage-ID: <demo-${Date.now()}-${n}@zonnedak.example>\r\nDate: ${new Date().toUTCString()}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${subject}\r\n${body}\r\n`,
    );
    n++;
  };
  send();
  const timer = setInterval(send, everyMs);
  timer.unref();
  return timer;
}
