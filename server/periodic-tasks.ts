import type { PeriodicTask } from './jobs/periodic';
import { billingLifecycleTask, exchangeRatesTask } from './modules/billing/periodic';
import { oldExportsTask } from './modules/course-export/cleanup';
import { stuckVideosTask } from './modules/courses/video-recovery';
import { weeklyDigestTask } from './modules/insights/digest';
import { insightsRefreshTask } from './modules/insights/periodic';
import { logRetentionTask } from './modules/logs/retention';
import { paymentReconciliationTask } from './modules/payments/reconcile';
import { overdueAttemptsTask } from './modules/quizzes/attempt-grading';
import { expiredSignInsTask } from './modules/sso/expired-rows';
import { xapiSenderTask } from './modules/xapi/outbox';

/** Every task the server runs on a timer, in the order they first run when the app is ready (jobs/periodic.ts). */
export const PERIODIC_TASKS: readonly PeriodicTask[] = [
  stuckVideosTask,
  overdueAttemptsTask,
  paymentReconciliationTask,
  billingLifecycleTask,
  exchangeRatesTask,
  logRetentionTask,
  insightsRefreshTask,
  weeklyDigestTask,
  expiredSignInsTask,
  xapiSenderTask,
  oldExportsTask,
];
