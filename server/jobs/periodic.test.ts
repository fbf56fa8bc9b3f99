import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../http/app-type';
import { PERIODIC_TASKS } from '../periodic-tasks';
import { type PeriodicTask, startPeriodicTasks } from './periodic';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real Fastify instance (the scheduler only uses its hooks and logger) whose log lines we can read. */
function appWithLog() {
  const lines: { msg: string }[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  }) as unknown as App;
  return { app, lines };
}

describe('periodic tasks', () => {
  it('lists every timer the server runs, each with a name and an interval', () => {
    expect(PERIODIC_TASKS.map((task) => [task.name, task.everyMs])).toEqual([
      ['video sweep', 5 * 60_000],
      ['submitting overdue quiz attempts', 60_000],
      ['payment reconciliation', 5 * 60_000],
      ['billing lifecycle', 15 * 60_000],
      ['exchange-rate refresh', 12 * 60 * 60_000],
      ['log retention', 60 * 60_000],
      ['insights refresh', 10 * 60_000],
      ['weekly insights digest', 60 * 60_000],
      ['removing expired sign-in and launch rows', 60 * 60_000],
      ['sending xAPI statements', 15_000],
      ['removing old course exports', 60 * 60_000],
    ]);
  });

  it('runs awaited tasks before the app is ready, then on every tick; skips disabled ones', async () => {
    const { app } = appWithLog();
    const runs: string[] = [];
    const tasks: PeriodicTask[] = [
      { name: 'awaited', everyMs: 40, atStart: 'await', run: async () => void runs.push('awaited') },
      {
        name: 'first differs',
        everyMs: 40,
        atStart: 'background',
        first: async () => void runs.push('first'),
        run: async () => void runs.push('tick'),
      },
      {
        name: 'off',
        everyMs: 10,
        atStart: 'await',
        enabledFor: () => false,
        run: async () => void runs.push('off'),
      },
    ];
    startPeriodicTasks(app, tasks);
    await app.ready();
    expect(runs.slice(0, 2)).toEqual(['awaited', 'first']);
    await sleep(150);
    await app.close();
    const afterClose = runs.length;
    expect(runs.filter((run) => run === 'awaited').length).toBeGreaterThanOrEqual(3);
    expect(runs.filter((run) => run === 'tick').length).toBeGreaterThanOrEqual(2);
    expect(runs).not.toContain('off');
    await sleep(100);
    expect(runs.length).toBe(afterClose);
  });

  it('logs a failing run by the task name and keeps ticking; close waits for a run in progress', async () => {
    const { app, lines } = appWithLog();
    let failures = 0;
    let finished = false;
    startPeriodicTasks(app, [
      {
        name: 'flaky sweep',
        everyMs: 30,
        atStart: 'await',
        run: async () => {
          failures += 1;
          throw new Error('database away');
        },
      },
      {
        name: 'slow sweep',
        everyMs: 60_000,
        atStart: 'background',
        run: async () => {
          await sleep(200);
          finished = true;
        },
      },
    ]);
    await app.ready();
    await sleep(100);
    await app.close();
    expect(finished).toBe(true);
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(lines.some((line) => line.msg === 'flaky sweep failed')).toBe(true);
  });
});
