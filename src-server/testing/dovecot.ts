/**
 * A private Dovecot for IMAP tests (never the system service): its own config, passwd-file users
 * and maildirs in a temp folder, listening on a free loopback port. Debian's `dovecot-imapd`
 * provides the binary; `.ci/run` installs it. Without it, tests are skipped with a notice, except
 * under CI=true, where a missing Dovecot fails the run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DOVECOT = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((p) => existsSync(p));

export const dovecotAvailable = () => {
  if (!DOVECOT && process.env.CI === 'true') throw new Error('Dovecot is not installed (apt-get install -y dovecot-imapd); CI needs it for the IMAP tests.');
  if (!DOVECOT) console.warn('NOTICE: Dovecot is not installed: the IMAP tests are skipped (apt-get install -y dovecot-imapd).');
  return Boolean(DOVECOT);
};

/** A loopback port free right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port: number, deadline: number) {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not listen on ${port}.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface TestDovecot {
  host: string;
  port: number;
  users: Record<string, string>;
  /** Stops and starts Dovecot on the same port and maildirs (a server restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
  log(): string;
}

export async function startDovecot(options: { users?: Record<string, string>; idle?: boolean } = {}): Promise<TestDovecot> {
  if (!DOVECOT) throw new Error('Dovecot is not installed.');
  const dir = mkdtempSync(path.join(tmpdir(), 'dovecot-'));
  // Dovecot's auth process runs as its own user and must read the passwd file.
  chmodSync(dir, 0o755);
  const users = options.users ?? { 'alarm@example.nl': 'geheim-wachtwoord' };
  const port = await freePort();
  for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(
    path.join(dir, 'users'),
    Object.entries(users)
      .map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`)
      .join(''),
    { mode: 0o644 },
  );
  // Dovecot refuses root as a mail user: as root, the mail belongs to `nobody`.
  const root = (process.getuid?.() ?? 0) === 0;
  const uid = root ? Number(execFileSync('id', ['-u', 'nobody']).toString()) : process.getuid!();
  const gid = root ? Number(execFileSync('id', ['-g', 'nobody']).toString()) : process.getgid!();
  chmodSync(path.join(dir, 'mail'), 0o777);
  const config = path.join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u
default_internal_user = ${process.env.DOVECOT_INTERNAL_USER ?? 'dovecot'}
default_login_user = ${process.env.DOVECOT_LOGIN_USER ?? 'dovenull'}
${options.idle === false ? 'imap_capability = IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE UIDPLUS MOVE NAMESPACE' : ''}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(DOVECOT!, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`Dovecot exited with ${code}: ${output}`))));
    await Promise.race([waitForPort(port, Date.now() + 10_000), exited]);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    users,
    async restart() {
      await stop();
      await start();
    },
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(path.join(dir, 'dovecot.log')) ? readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : ''),
  };
}
