// The page's elements by id, for the modules that own them (each panel asks only for ids of its own part
// of index.html; what another part needs goes through that part's module).

/**
 * The element called `id`; throws when the page has none (a module asking for an id index.html lacks).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no element #${id}`);
  return el;
}

/**
 * The form control (input, select, textarea or button) called `id`, typed for its `value`, `disabled`
 * and `files`; throws when it is none.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function field(id) {
  const el = $(id);
  const controls = [HTMLInputElement, HTMLSelectElement, HTMLTextAreaElement, HTMLButtonElement];
  if (!controls.some((c) => el instanceof c)) throw new Error(`#${id} is no form control`);
  return /** @type {HTMLInputElement} */ (el);
}

/**
 * The element matching `selector` that `event` happened in (its target or an ancestor), or null.
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
export function closest(event, selector) {
  const found = event.target instanceof Element ? event.target.closest(selector) : null;
  return found instanceof HTMLElement ? found : null;
}
