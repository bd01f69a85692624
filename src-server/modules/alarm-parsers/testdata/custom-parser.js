// The corpus as one CUSTOM parser: the same alarms as default-parsers.json, written as code.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the sandbox calls parse(email)
function parse(email) {
  const s = email.subject,
    t = email.text,
    f = email.from;
  const line = (re) => {
    const m = re.exec(t);
    return m ? m[1].trim() : undefined;
  };
  const data = (fields) => {
    const d = {};
    for (const k in fields) {
      const v = line(fields[k]);
      if (v !== undefined) d[k] = v;
    }
    return d;
  };
  let m;
  if (/priva/i.test(f) && (m = /^Alarm: (.+)$/im.exec(s))) {
    const d = data({ installatie: /^Installatie:\s*(.+)$/im, status: /^Status:\s*(.+)$/im });
    return { line: d.installatie + ': ' + m[1], priority: d.status === 'Kritiek' ? 'HIGH' : null, data: d };
  }
  if (/honeywell/i.test(f) && (m = /^ALARM - (\S+) (.+)$/i.exec(s)))
    return { line: m[1] + ': ' + m[2], priority: /^Priority:\s*Urgent/im.test(t) ? 'HIGH' : null };
  if (/desigo/i.test(f) && (m = /^St(?:ö|oe)rung: (.+)$/i.exec(s)))
    return { line: 'Desigo: ' + m[1], priority: /Brandschutz/i.test(t) ? 'HIGH' : null, data: data({ meldepunkt: /^Meldepunkt:\s*(.+)$/im }) };
  if (/solaredge/i.test(f) && (m = /Alert: Inverter (\S+) - (.+)$/i.exec(s)))
    return { line: 'SolarEdge ' + m[1] + ': ' + m[2], priority: /Production stopped/i.test(t) ? 'HIGH' : null, data: data({ site: /^Site:\s*(.+)$/im }) };
  if (/sunnyportal/i.test(f) && (m = /Ereignis (.+) - (.+)$/i.exec(s)))
    return { line: 'SMA ' + m[1] + ': ' + m[2], data: data({ anlage: /^Anlage:\s*(.+)$/im }) };
  if (/solarweb/i.test(f) && (m = /Service message (\d+) on (.+)$/i.exec(s)))
    return { line: 'Fronius ' + m[2] + ': servicemelding ' + m[1], data: data({ systeem: /^PV system:\s*(.+)$/im }) };
  if ((m = /^\[FusionSolar\] Alarm notification: (.+)$/i.exec(s)))
    return {
      line: 'FusionSolar: ' + m[1],
      priority: /^Severity:\s*(Major|Critical)/im.test(t) ? 'HIGH' : null,
      data: data({ installatie: /^Plant name:\s*(.+)$/im }),
    };
  if ((m = /Daikin Altherma storing (\S+) - (.+)$/i.exec(s))) return { line: 'Daikin ' + m[1] + ': ' + m[2], data: data({ locatie: /^Locatie:\s*(.+)$/im }) };
  if ((m = /^NIBE Uplink: Alarm (.+) op (\S+)$/i.exec(s)))
    return { line: 'NIBE ' + m[2] + ': ' + m[1], priority: /HOGE DRUK/i.test(s) ? 'HIGH' : null, data: data({ systeem: /^Systeem:\s*(.+)$/im }) };
  if ((m = /Itho WPU storing (E\d+)/i.exec(s))) return { line: 'Itho WPU: storing ' + m[1], data: data({ locatie: /^Locatie:\s*(.+)$/im }) };
  if (/vaillant/i.test(f) && (m = /Fehlermeldung (F\.\d+) - (.+)$/i.exec(s)))
    return { line: 'Vaillant ' + m[1] + ': ' + m[2], priority: /F\.(28|29)\b/i.test(s) ? 'HIGH' : null, data: data({ anlage: /^Anlage:\s*(.+)$/im }) };
  if (/zabbix/i.test(f) && (m = /^Problem: (.+)$/i.exec(s)))
    return { line: 'Zabbix: ' + m[1], priority: /^Severity:\s*(High|Disaster)/im.test(t) ? 'HIGH' : null, data: data({ host: /^Host:\s*(.+)$/im }) };
  if ((m = /PROBLEM (?:Host|Service) Alert: (.+?) is (DOWN|CRITICAL|WARNING)/i.exec(s)))
    return { line: 'Nagios: ' + m[1] + ' is ' + m[2], priority: /is (DOWN|CRITICAL)/i.test(s) ? 'HIGH' : null };
  if ((m = /^\[PRTG Network Monitor\] Sensor (.+) Down$/i.exec(s))) return { line: 'PRTG: ' + m[1] + ' down', data: data({ device: /^Device:\s*(.+)$/im }) };
  if ((m = /^\[FIRING:\d+\] (.+)$/i.exec(s))) return { line: 'Grafana: ' + m[1] };
  if ((m = /^Monitor is DOWN: (.+)$/i.exec(s))) return { line: m[1] + ' is onbereikbaar' };
  if (/brandmeld/i.test(f) && (m = /^BMC (Lus \d+) (Melder \d+) (\S+)/im.exec(t)))
    return {
      line: 'Brandmeldcentrale ' + m[1] + ' ' + m[2] + ': ' + m[3],
      priority: 'HIGH',
      folder: 'storingen',
      data: data({ object: /^Object:\s*(.+)$/im }),
    };
  return { reject: 'Geen bekend alarmformaat.' };
}
