/**
 * Who this process is in job locks and leases: `host:pid:random`, unique per
 * process, so a lock names the instance that holds it and a restart on the same host can tell
 * its previous life's locks from a live neighbour's.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

export const newInstanceId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

function processAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `owner` is a process on this host that is gone (killed, crashed), so its locks need not
 * wait for their expiry. In a container the new process often has the old one's pid (1), so an
 * owner with our pid that is not us is also a previous life.
 */
export function ownerIsGone(owner: string, me: string): boolean {
  const [host, pid] = owner.split(':');
  if (owner === me || host !== hostname()) return false;
  return Number(pid) === process.pid || !processAlive(Number(pid));
}
