/**
 * Runs `job` every `intervalMs` until stopped, never two passes at once; a failed pass is logged and
 * the next one tries again. The timer keeps no process alive. Every server process runs its own
 * jobs, so each job must be safe to run from several processes at once.
 */
export function startPeriodicJob(
  what: string,
  intervalMs: number,
  log: { error(o: object, m: string): void },
  job: () => Promise<unknown>,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch((e) => log.error({ err: e }, `${what} failed`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
