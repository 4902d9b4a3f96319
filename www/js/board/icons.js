// The page's icons as inline SVG (no font has to carry them): `iconElement(name)`, and buttons marked
// `data-icon="name"` get theirs by `addIcons()`. Drawn on a 16×16 grid in the text colour.
const PATHS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  back: 'M11 3v10L4 8z',
  play: 'M5 3v10l8-5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  forward: 'M5 3v10l7-5z',
  last: 'M11 3h2v10h-2zM3 3v10l7-5z',
  flip: 'M5 1 1.5 5H4v7h2V5h2.5zM11 15l3.5-4H12V4h-2v7H7.5z',
  erase: 'M3.4 2 2 3.4 6.6 8 2 12.6 3.4 14 8 9.4l4.6 4.6 1.4-1.4L9.4 8 14 3.4 12.6 2 8 6.6z',
};

/** An SVG icon, hidden from assistive technology (its button carries the name). */
export function iconElement(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.dataset.icon = name;
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', PATHS[name]);
  svg.append(path);
  return svg;
}

/** Puts its icon in front of every `[data-icon]` element's text under `root`. */
export function addIcons(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-icon]:not(svg)'))) {
    el.querySelector(':scope > svg.icon')?.remove();
    el.prepend(iconElement(el.dataset.icon ?? ''));
  }
}

/** Sets `button`'s icon and text at once (e.g. Play ↔ Pause). */
export function setIconLabel(button, name, text) {
  button.dataset.icon = name;
  button.replaceChildren(iconElement(name), document.createTextNode(text));
}
