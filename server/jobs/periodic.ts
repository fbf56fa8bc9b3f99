import type { App } from '../http/app-type';

/**
 * Work that runs on a timer: sweeps that tidy what a request or a lost job left behind, and the billing
 * lifecycle. Every task is idempotent (safe when several servers run it at once) and a missed tick is caught up
 * by the next, so a plain unref'd timer per task is enough — no leader election, and it works with the inline
 * jobs of tests and `npm run seed`. All of them are listed in server/periodic-tasks.ts and started in one place,
 * so a later `JOBS=off` web process or a separate worker (issue 18) switches them with one call.
 */
export interface PeriodicTask {
  /** Named in logs: "<name> failed". */
  name: string;
  everyMs: number;
  /** Runs once when the app is ready: awaited (the app is not ready before it ends) or in the background. */
  atStart: 'await' | 'background';
  /** Off unless this says yes (e.g. only with a rates URL configured). */
  enabledFor?: (app: App) => boolean;
  /** The first run, when it differs from the rest (e.g. refresh only if stale). */
  first?: (app: App) => Promise<unknown>;
  run: (app: App) => Promise<unknown>;
}

/** Starts `tasks` when the app is ready; on close, stops the timers and lets runs in progress finish. */
export function startPeriodicTasks(app: App, tasks: readonly PeriodicTask[]): void {
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  const track = (task: PeriodicTask, work: (app: App) => Promise<unknown>): Promise<void> => {
    const run = work(app)
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, `${task.name} failed`))
      .finally(() => running.delete(run));
    running.add(run);
    return run;
  };

  app.addHook('onReady', async () => {
    for (const task of tasks) {
      if (task.enabledFor && !task.enabledFor(app)) continue;
      const first = track(task, task.first ?? task.run);
      if (task.atStart === 'await') await first;
      timers.push(setInterval(() => void track(task, task.run), task.everyMs).unref());
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // Let a run in progress finish before the database closes.
    await Promise.all(running);
  });
}
