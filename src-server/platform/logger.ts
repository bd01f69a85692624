/**
 * One line per request and per job run on stdout: JSON (`LOG_FORMAT=json`, for log collectors) or
 * a short line for a person (`pretty`). Callers pass only the fields below; request lines carry the
 * route pattern, never the path, query, headers or body, so no token, password or secret reaches
 * the log. Error messages are cleaned of credentials in URLs and `key=value` secrets all the same.
 */
export interface LogFields {
  level?: 'info' | 'warn' | 'error';
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  job?: string;
  error?: string;
}

export type Logger = (fields: LogFields) => void;

const SECRETS: [RegExp, string][] = [
  [/(\w+:\/\/[^:/\s@]+):[^@\s]+@/g, '$1:***@'],
  [/((?:password|passwd|secret|token|key|authorization)["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi, '$1***'],
  [/(bearer\s+)\S+/gi, '$1***'],
];

const redact = (text: string) => SECRETS.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);

export function createLogger(format: 'json' | 'pretty', write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  return (fields) => {
    const entry = { time: new Date().toISOString(), level: fields.level ?? 'info', ...fields, ...(fields.error ? { error: redact(fields.error) } : {}) };
    if (format === 'json') return write(JSON.stringify(entry));
    const parts = [entry.time.slice(11, 23), entry.level.toUpperCase().padEnd(5), entry.msg];
    if (entry.method) parts.push(`${entry.method} ${entry.route} ${entry.status} ${entry.ms} ms`);
    if (entry.job) parts.push(`${entry.job}${entry.ms !== undefined ? ` ${entry.ms} ms` : ''}`);
    if (entry.error) parts.push(`— ${entry.error}`);
    if (entry.requestId) parts.push(`[${entry.requestId}]`);
    write(parts.join(' '));
  };
}
