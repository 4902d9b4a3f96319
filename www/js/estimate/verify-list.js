// The list of files being verified in the estimate tab (#est-verify): `verified k/K blocks` for each, and
// how the last check ended.
import { num, t } from '../i18n/i18n.js';
import { $ } from '../page/dom.js';

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
