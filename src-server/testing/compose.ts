/**
 * compose.yaml as the tests read it (no Docker here): the environment each instance is given, with
 * Compose's `${VAR}` filled in from `vars` (as from the `.env` file), and the Caddyfile mounted into
 * the proxy, so the tests check and run exactly what `docker compose up` would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface ComposeFile {
  services: Record<string, { environment?: Record<string, string>; ports?: string[]; volumes?: string[] }>;
}

export function readCompose(): ComposeFile {
  return parse(readFileSync(path.resolve('compose.yaml'), 'utf8'), { merge: true }) as ComposeFile;
}

/** Compose's interpolation of one value: `${X}`, `${X:-default}`, `${X:?message}` (an error when X is unset or empty). */
export function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const set = vars[name];
    if (set) return set;
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

/** The environment compose gives the instance service `name`, filled in from `vars`. */
export function instanceEnvironment(name: string, vars: Record<string, string>): Record<string, string> {
  const env = readCompose().services[name]?.environment;
  if (!env) throw new Error(`compose.yaml: service ${name} has no environment`);
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, interpolate(String(value), vars)]));
}

/** The proxy's Caddyfile: the file compose.yaml mounts at /etc/caddy/Caddyfile. */
export function composeCaddyfile(): string {
  const mount = readCompose().services.proxy?.volumes?.find((v) => v.split(':')[1] === '/etc/caddy/Caddyfile');
  if (!mount) throw new Error('compose.yaml: the proxy mounts no Caddyfile');
  return readFileSync(path.resolve(mount.split(':')[0]!), 'utf8');
}
