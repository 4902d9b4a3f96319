// Drag and drop with pointer events (mouse, pen and touch alike). Elements with `data-drag` (JSON: what
// is dragged) can be dragged onto elements with `data-drop` (JSON: where it lands); `onDrop(source,
// target)` gets both, target null when dropped elsewhere. A press without movement stays a click. An
// element marked `data-drag-root` (the play mode's board) keeps its pieces and squares to its own handler.
export function enableDrag(root, onDrop) {
  let drag = null;
  const mine = (el) => (el.closest('[data-drag-root]') ?? document.body) === root;
  root.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('[data-drag]');
    if (!el || e.button !== 0 || !mine(el)) return;
    drag = { el, source: JSON.parse(el.dataset.drag), x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId };
  });
  window.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return;
      const r = drag.el.getBoundingClientRect();
      drag.ghost = drag.el.cloneNode(true);
      drag.ghost.classList.add('drag-ghost');
      drag.ghost.style.width = `${r.width}px`;
      drag.ghost.style.height = `${r.height}px`;
      document.body.append(drag.ghost);
      drag.el.classList.add('dragging');
    }
    drag.ghost.style.left = `${e.clientX}px`;
    drag.ghost.style.top = `${e.clientY}px`;
    e.preventDefault();
  });
  window.addEventListener('pointerup', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { ghost, source, el } = drag;
    drag = null;
    if (!ghost) return;
    ghost.remove();
    el.classList.remove('dragging');
    const under = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-drop]');
    // The click the browser may fire right after this pointerup is part of the drag, not a click.
    const swallow = (c) => c.stopPropagation();
    window.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
    onDrop(source, under instanceof HTMLElement && mine(under) ? JSON.parse(under.dataset.drop ?? 'null') : null);
  });
}
