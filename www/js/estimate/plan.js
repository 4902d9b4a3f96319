// The precision planner of the estimate tab: how many samples the significant digits asked for
// (#est-digits) need, judged from the estimate shown, and how long they take at the measured rate
// (`shogi-reach estimate --target-digits`).
import { num, t } from '../i18n/i18n.js';
import { $, field } from '../page/dom.js';
import { duration } from './tables.js';

/**
 * Shows the plan for `report` (none without one, or without a p_hat to plan from) in #est-plan, once the engine
 * has answered, unless `isLatest()` says a newer plan was asked for meanwhile.
 * @param {import('../engine/engine.js').Engine} engine
 * @param {import('../engine/api').Report | null} report
 * @param {number} rate samples a second
 * @param {() => boolean} isLatest
 */
export async function showPlan(engine, report, rate, isLatest) {
  const el = $('est-plan');
  const digits = Math.floor(Number(field('est-digits').value));
  const p = report?.estimate.p_hat;
  const none = () => {
    el.textContent = report && digits >= 1 && digits <= 15 ? t('planNone', digits) : '';
    delete el.dataset.samples;
  };
  if (!report || !(digits >= 1 && digits <= 15) || p === null || p === undefined) return none();
  const needed = await engine.call('plan', { p, candidates: report.candidates, digits }).catch(() => undefined);
  if (!isLatest()) return;
  if (needed === undefined || needed === null) return none();
  const more = Math.max(0, needed - report.tally.samples);
  const time = rate > 0 ? duration(more / rate) : null;
  el.dataset.samples = String(needed);
  el.textContent = t('planText', digits, num(needed), num(report.tally.samples), time, num(Math.round(rate ?? 0)));
}
