// The engine's errors in the page's language: an error thrown by the engine carries `kind` (one of its
// error kinds: EngineErrorKind in api.d.ts, read from the dictionary) and `params`, which the `engine:KIND`
// text of the dictionary says; the English `message` is the fallback (an error from elsewhere, or a kind
// the page does not know).
import { t } from '../i18n/i18n.js';

/**
 * The text of `error` (an Error, an engine's `{kind, message, params}`, or a worker that failed) in the
 * page's language.
 * @param {any} error
 * @returns {string}
 */
export function errorText(error) {
  if (error?.workerFailed !== undefined) return t('engineWorkerFailed', error.workerFailed);
  const kind = error?.kind;
  const params = error?.params ?? {};
  let text;
  try {
    const cause = params.cause ? errorText(params.cause) : undefined;
    text = kind ? t(`engine:${kind}`, params, cause) : String(error?.message ?? error);
  } catch {
    text = String(error?.message ?? error); // a kind without a text (the Rust test says which)
  }
  return params.line != null ? t('engine:at-line', params.line, text) : text;
}
