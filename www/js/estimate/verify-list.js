// The estimate tab's lines about checks: the list of files being verified (#est-verify), `verified k/K
// blocks` for each and how the last check ended; the merge's status line; the saved run's line.
import { num, t } from '../i18n/i18n.js';
import { $, field } from '../page/dom.js';

/** @typedef {'none' | 'offer' | 'verifying' | 'unverified' | 'forged' | 'invalid'} SavedState */

/**
 * Lists `files` being verified, with the blocks of each verified so far (`done`) and the result, once
 * there is one (which file was forged, or whether it was stopped).
 * @param {{name: string, blocks: unknown[]}[]} files
 * @param {number[]} done
 * @param {import('../engine/protocol').Verified | null} result
 */
export function listVerify(files, done, result) {
  $('est-verify').hidden = false;
  const items = files.map((f, i) => {
    const li = document.createElement('li');
    const total = f.blocks.length;
    let state = done[i] === total ? 'verified' : result ? 'stopped' : 'verifying';
    let text = t('verifyProgress', f.name, num(done[i]), num(total));
    if (result?.forged?.file === i) {
      state = 'forged';
      text = t('verifyForged', f.name, result.forged.start, result.forged.end);
    } else if (state === 'stopped') {
      text = t('verifyStopped', f.name, num(done[i]), num(total));
    }
    Object.assign(li.dataset, { file: f.name, state, done: done[i], total });
    li.textContent = text;
    return li;
  });
  $('est-verify-list').replaceChildren(...items);
}

/** The merge's status line. @param {string} text @param {string} state */
export function mergeSays(text, state) {
  const out = $('est-merge-status');
  out.textContent = text;
  out.dataset.state = state;
}

/**
 * The saved run's line: `none` (hidden), `offer` (Resume and Discard), `verifying` (blocks recomputed
 * before it is shown or resumes), `unverified` (verification stopped: Resume, or for a finished run
 * Verify, and Discard), `forged` or `invalid` (a message and Discard only); `note` says why.
 * @param {SavedState} state
 * @param {string} note
 * @param {import('./saved-run.js').SavedRun | null} saved
 */
export function savedLine(state, note, saved) {
  $('est-saved').hidden = state === 'none';
  const el = $('est-saved-note');
  el.textContent = note;
  el.hidden = !note;
  el.dataset.state = state;
  const resume = field('est-saved-resume');
  const finished = saved?.finished;
  resume.hidden = !(state === 'unverified' || (!finished && (state === 'offer' || state === 'verifying')));
  resume.disabled = state === 'verifying';
  if (saved) resume.textContent = finished ? t('savedVerify') : t('savedResume', num(saved.done), num(saved.total));
}
