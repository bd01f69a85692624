/**
 * The product as its own process from the sources (`node --import tsx src-server/main.ts`), for
 * tests that kill it: a fresh or given DATA_DIR, a free loopback port, and a small REST caller.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export const PROCESS_ADMIN = { email: 'proces@example.nl', password: 'proces-wachtwoord-1' };

export interface ProductProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  call: (method: string, route: string, token?: string, body?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** `node --import tsx src-server/main.ts` on a free loopback port with this DATA_DIR; `env` adds or overrides variables. */
const spawnProduct = (dataDir: string, env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

export function startProductProcess(dataDir: string, env: Record<string, string> = {}): Promise<ProductProcess> {
  // MAIL_ALLOW_PRIVATE_HOSTS: the test Dovecot runs on loopback.
  const child = spawnProduct(dataDir, { ADMIN_EMAIL: PROCESS_ADMIN.email, ADMIN_PASSWORD: PROCESS_ADMIN.password, MAIL_ALLOW_PRIVATE_HOSTS: 'true', ...env });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The product did not start: ${output}`)), 30_000);
    child.stderr!.on('data', (d) => (output += d));
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      const match = output.match(/running at (http:\/\/[^/\s]+)/);
      if (!match) return;
      clearTimeout(timer);
      const url = match[1]!;
      const call = async (method: string, route: string, token?: string, body?: unknown) => {
        const res = await fetch(`${url}${route}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return res.status === 204 ? null : res.json();
      };
      resolve({ child, url, output: () => output, call });
    });
    child.once('exit', (code) => reject(new Error(`The product exited with ${code}: ${output}`)));
  });
}

/** SIGKILL: no shutdown code runs, as in a power cut. */
export async function killHard(product: ProductProcess) {
  const { child } = product;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A product process that may stop at start-up: the process, and its exit code and everything it printed once it exits. */
export function watchProductProcess(dataDir: string, env: Record<string, string> = {}) {
  const child = spawnProduct(dataDir, { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', ...env });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** A product process that is expected to stop at start-up: its exit code and everything it printed. */
export const runToExit = (dataDir: string, env: Record<string, string> = {}) => watchProductProcess(dataDir, env).done;
