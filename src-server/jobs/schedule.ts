/**
 * A background job on a fixed interval inside the one process: never two runs at once, errors
 * logged and survived, stopped on shutdown. The first run comes shortly after start.
 */
export function schedule(name: string, intervalSeconds: number, run: () => Promise<unknown>, firstDelaySeconds = 5) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await run();
    } catch (error) {
      console.error(`Job ${name} failed:`, error);
    }
    if (!stopped) timer = setTimeout(tick, intervalSeconds * 1000);
  };
  timer = setTimeout(tick, firstDelaySeconds * 1000);
  timer.unref?.();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
