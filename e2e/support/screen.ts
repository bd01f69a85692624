/**
 * A private X screen (Xvfb) of a phone's size, with a Chromium that has a window on it, so what the
 * browser draws outside any page (its notification pop-ups) can be seen and captured. Used where a
 * journey shows what lands on the screen rather than in the page; skipped without Xvfb.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';

const XVFB = '/usr/bin/Xvfb';
/** ImageMagick's `import` reads the whole X screen, pop-ups included, into a PNG. */
const IMPORT = '/usr/bin/import';
export const hasScreen = existsSync(XVFB) && existsSync(IMPORT);

export interface Screen {
  /** A headful Chromium whose windows fill this screen. */
  launchBrowser(): Promise<Browser>;
  /** The whole screen, as a person would see it, into a PNG file. */
  capture(file: string): Promise<void>;
  close(): Promise<void>;
}

export async function startScreen(width: number, height: number): Promise<Screen> {
  // Xvfb picks a free display itself and writes its number to the descriptor given (here: stdout).
  const xvfb: ChildProcess = spawn(XVFB, ['-displayfd', '1', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (${code}) before it had a display`)));
  });
  return {
    launchBrowser: () =>
      chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: false,
        env: { ...process.env, DISPLAY: display },
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          `--window-size=${width},${height}`,
          '--window-position=0,0',
          // Without a desktop's notification service Chromium draws its own pop-ups on the screen.
          '--disable-features=NativeNotifications',
        ],
      }),
    capture: async (file) => {
      await promisify(execFile)(IMPORT, ['-display', display, '-window', 'root', file]);
    },
    close: async () => {
      if (xvfb.exitCode !== null) return;
      const ended = new Promise((resolve) => xvfb.once('exit', resolve));
      xvfb.kill();
      await ended;
    },
  };
}
