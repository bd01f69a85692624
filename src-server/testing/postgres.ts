/**
 * A throwaway PostgreSQL cluster for tests, the bench and `npm run test:pg`:
 * `initdb` + `pg_ctl` in a temp folder, listening on a free loopback port only, trusting local
 * connections, stopped and removed by `stop()`. PostgreSQL refuses to run as root, so as root the
 * cluster runs as the `postgres` user when it exists (Debian's package makes it), else as `nobody`.
 * Debian's `postgresql` package provides the binaries (`.ci/run` installs it); they are taken from
 * the PATH, else from the newest /usr/lib/postgresql/<version>/bin.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './dovecot';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** The cluster's data folder (`postmaster.pid` names its main process). */
  dataDir: string;
  stop(): void;
}

function binDir(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(onPath);
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : undefined;
}

export const postgresAvailable = () => binDir() !== undefined;

/** The user the cluster runs as: this one, or (as root) `postgres` or `nobody`. */
function runAs(): { user?: string; uid: number; gid: number } {
  if ((process.getuid?.() ?? 0) !== 0) return { uid: process.getuid!(), gid: process.getgid!() };
  const user = spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody';
  const id = (flag: string) => Number(execFileSync('id', [flag, user]).toString());
  return { user, uid: id('-u'), gid: id('-g') };
}

export async function startPostgres(options: { maxConnections?: number } = {}): Promise<TestPostgres> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql).');
  const owner = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'postgres-'));
  chmodSync(dir, 0o700);
  chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  const run = (command: string, args: string[]) => {
    const [file, argv] = owner.user ? ['runuser', ['-u', owner.user, '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      const logText = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new Error(`${command} failed: ${result.stderr}${result.stdout}${logText}`);
    }
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // A test cluster: durability is not wanted, speed is (the data is thrown away anyway).
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-h 127.0.0.1',
    `-c max_connections=${options.maxConnections ?? 300}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=128MB',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-l', log, '-o', settings, '-w', '-t', '60', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `url` with its database name replaced. */
export function withDatabaseName(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
