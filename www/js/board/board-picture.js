// The board as a picture, for the exports: one drawing (a list of shapes built from the setup's data, never
// from the page's DOM) written two ways, as SVG text and onto a canvas (for the PNG). It draws what the
// page's board shows: the pieces in the chosen labels (kanji, Gote's king 王, or Western letters), Gote's
// upside down (on a flipped board too, as the page draws them), promoted ones in red, both hands with
// their counts, file and rank labels, the side to move.
import { GAMES, KINDS } from '../game/games.js';
import { colorOf } from '../game/sfen.js';
import { label, rankLabel } from '../game/pieces.js';

const CELL = 44;
const MARGIN = 10;
const LABEL = 20; // the file labels' row and the rank labels' column
const HAND = 40; // each hand's row
const FONT = "'Shogi Reach JP', 'Noto Serif JP', serif";
const WOOD = '#e9c883';
const INK = '#1d1a16';
const RED = '#b3140c';

/**
 * @typedef {{type: 'rect', x: number, y: number, w: number, h: number, fill: string, stroke?: string, width?: number}
 *   | {type: 'line', x1: number, y1: number, x2: number, y2: number, stroke: string, width: number}
 *   | {type: 'piece', x: number, y: number, w: number, h: number, text: string, red: boolean, gote: boolean, group: string}
 *   | {type: 'text', x: number, y: number, text: string, size: number, fill: string, bold?: boolean}} Shape
 * @typedef {{width: number, height: number, shapes: Shape[]}} Drawing
 */

/**
 * The drawing of `setup` with pieces labelled in `labels` ('kanji' or 'western'), seen from Gote when
 * `flipped`, as the page shows it.
 * @param {import('../game/sfen.js').Setup} setup
 * @param {{labels: string, flipped?: boolean}} options
 * @returns {Drawing}
 */
export function drawBoard(setup, { labels, flipped = false }) {
  const v = GAMES[setup.game];
  const boardW = v.width * CELL;
  const width = MARGIN * 2 + boardW + LABEL;
  const height = MARGIN * 2 + HAND * 2 + LABEL + v.height * CELL;
  const top = MARGIN + HAND + LABEL; // the board's top edge
  /** @type {Shape[]} */
  const shapes = [{ type: 'rect', x: 0, y: 0, w: width, h: height, fill: '#fbf7ef' }];
  shapes.push({ type: 'rect', x: MARGIN, y: top, w: boardW, h: v.height * CELL, fill: WOOD, stroke: '#6b4a1a', width: 2 });
  for (let i = 1; i < v.width; i++) {
    shapes.push({ type: 'line', x1: MARGIN + i * CELL, y1: top, x2: MARGIN + i * CELL, y2: top + v.height * CELL, stroke: '#6b4a1a', width: 1 });
  }
  for (let i = 1; i < v.height; i++) {
    shapes.push({ type: 'line', x1: MARGIN, y1: top + i * CELL, x2: MARGIN + boardW, y2: top + i * CELL, stroke: '#6b4a1a', width: 1 });
  }
  for (let x = 0; x < v.width; x++) {
    const file = flipped ? x + 1 : v.width - x;
    shapes.push({ type: 'text', x: MARGIN + (x + 0.5) * CELL, y: top - LABEL / 2, text: String(file), size: 13, fill: INK });
  }
  for (let y = 0; y < v.height; y++) {
    const rank = flipped ? v.height - 1 - y : y;
    shapes.push({ type: 'text', x: MARGIN + boardW + LABEL / 2, y: top + (y + 0.5) * CELL, text: rankLabel(rank, labels), size: 13, fill: INK });
  }
  // In the order they are seen, from the top left (the cell drawn there is the last one when flipped).
  setup.cells.forEach((_, at) => {
    const piece = setup.cells[flipped ? setup.cells.length - 1 - at : at];
    if (!piece) return;
    const x = MARGIN + (at % v.width) * CELL;
    const y = top + Math.floor(at / v.width) * CELL;
    const gote = colorOf(piece) === 1;
    shapes.push(pieceShape(x, y, CELL, label(piece, labels), piece.startsWith('+'), gote, 'piece'));
  });
  // Gote's hand above the board (Sente's when flipped), Sente's below.
  const topColor = flipped ? 0 : 1;
  handShapes(shapes, setup, topColor, MARGIN, MARGIN, labels);
  handShapes(shapes, setup, 1 - topColor, MARGIN, top + v.height * CELL + (HAND - 34) / 2 + 2, labels);
  return { width, height, shapes };
}

/**
 * A piece: the pentagon of a real piece with its label, upside down for `gote`.
 * @returns {Shape}
 */
function pieceShape(x, y, size, text, red, gote, group) {
  return { type: 'piece', x, y, w: size, h: size, text, red, gote, group };
}

/** `color`'s hand in a row at (x, y): the side's mark (bold for the side to move), then each kind held, with its count. */
function handShapes(shapes, setup, color, x, y, labels) {
  const toMove = (setup.side === 'b') === (color === 0);
  const mark = color === 0 ? '☗' : '☖';
  shapes.push({ type: 'text', x: x + 12, y: y + 17, text: mark, size: toMove ? 22 : 18, fill: toMove ? RED : INK, bold: toMove });
  let at = x + 30;
  for (const kind of KINDS) {
    const n = setup.hands[color][kind];
    if (!n) continue;
    const piece = color === 0 ? kind : kind.toLowerCase();
    shapes.push(pieceShape(at, y, 34, label(piece, labels), false, color === 1, 'hand-piece'));
    at += 34;
    if (n > 1) {
      shapes.push({ type: 'text', x: at + 6, y: y + 17, text: String(n), size: 14, fill: INK });
      at += 16;
    }
    at += 4;
  }
}

/** The pentagon's corners, as fractions of the square (the page's clip-path), point up. */
const PENTAGON = [[0.5, 0.08], [0.82, 0.22], [0.9, 0.94], [0.1, 0.94], [0.18, 0.22]];

/** The pentagon's corners in the square at (x, y) of side `size`, turned half a turn for Gote. */
function corners(shape) {
  return PENTAGON.map(([fx, fy]) => {
    const [px, py] = shape.gote ? [1 - fx, 1 - fy] : [fx, fy];
    return [shape.x + px * shape.w, shape.y + py * shape.h];
  });
}

/**
 * Where a piece's label is centred: below the middle, towards the wide end (above it for Gote's).
 * @returns {[number, number]}
 */
const labelCentre = (s) => [s.x + s.w / 2, s.y + s.h * (s.gote ? 0.44 : 0.56)];

/** A label's font size: two characters (`+B`) smaller than one. */
const labelSize = (s) => s.w * ([...s.text].length > 1 ? 0.36 : 0.5);

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (n) => Math.round(n * 10) / 10;

/**
 * The drawing as a standalone SVG document; each board piece a `<g class="piece">`, each hand piece a
 * `<g class="hand-piece">`.
 * @param {Drawing} drawing
 */
export function toSvg({ width, height, shapes }) {
  const parts = shapes.map((s) => {
    switch (s.type) {
      case 'rect':
        return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" fill="${s.fill}"${s.stroke ? ` stroke="${s.stroke}" stroke-width="${s.width}"` : ''}/>`;
      case 'line':
        return `<line x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}" stroke="${s.stroke}" stroke-width="${s.width}"/>`;
      case 'text':
        return `<text x="${s.x}" y="${s.y}" font-size="${s.size}" fill="${s.fill}"${s.bold ? ' font-weight="700"' : ''}>${escape(s.text)}</text>`;
      case 'piece': {
        const points = corners(s).map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
        const [cx, cy] = /** @type {[number, number]} */ (labelCentre(s).map(round));
        const turn = s.gote ? ` transform="rotate(180 ${cx} ${cy})"` : '';
        return `<g class="${s.group}"><polygon points="${points}" fill="#f5deb0" stroke="#8a6a32"/>` +
          `<text x="${cx}" y="${cy}" font-size="${round(labelSize(s))}" font-weight="700" fill="${s.red ? RED : INK}"${turn}>${escape(s.text)}</text></g>`;
      }
    }
    return '';
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<g font-family="${escape(FONT)}" text-anchor="middle" dominant-baseline="central">\n${parts.join('\n')}\n</g>\n</svg>\n`;
}

/**
 * Draws the drawing on a canvas 2D context, `scale` pixels a unit, in the page's own font (the caller
 * waits for it to load).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Drawing} drawing
 * @param {number} scale
 */
export function drawOnCanvas(ctx, { shapes }, scale) {
  ctx.save();
  ctx.scale(scale, scale);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const s of shapes) {
    if (s.type === 'rect') {
      ctx.fillStyle = s.fill;
      ctx.fillRect(s.x, s.y, s.w, s.h);
      if (s.stroke) {
        ctx.strokeStyle = s.stroke;
        ctx.lineWidth = s.width ?? 1;
        ctx.strokeRect(s.x, s.y, s.w, s.h);
      }
    } else if (s.type === 'line') {
      ctx.strokeStyle = s.stroke;
      ctx.lineWidth = s.width;
      ctx.beginPath();
      ctx.moveTo(s.x1, s.y1);
      ctx.lineTo(s.x2, s.y2);
      ctx.stroke();
    } else if (s.type === 'text') {
      ctx.fillStyle = s.fill;
      ctx.font = `${s.bold ? '700 ' : ''}${s.size}px ${FONT}`;
      ctx.fillText(s.text, s.x, s.y);
    } else {
      drawPiece(ctx, s);
    }
  }
  ctx.restore();
}

/** @param {CanvasRenderingContext2D} ctx @param {Extract<Shape, {type: 'piece'}>} s */
function drawPiece(ctx, s) {
  ctx.beginPath();
  corners(s).forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.closePath();
  ctx.fillStyle = '#f5deb0';
  ctx.fill();
  ctx.strokeStyle = '#8a6a32';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.save();
  ctx.translate(...labelCentre(s));
  if (s.gote) ctx.rotate(Math.PI);
  ctx.fillStyle = s.red ? RED : INK;
  ctx.font = `700 ${labelSize(s)}px ${FONT}`;
  ctx.fillText(s.text, 0, 0);
  ctx.restore();
}

/**
 * The drawing as PNG bytes, `scale` pixels a unit (2: sharp on a phone), once the font's glyphs it uses
 * have loaded.
 * @param {Drawing} drawing
 * @param {number} [scale]
 * @returns {Promise<Blob>}
 */
export async function toPng(drawing, scale = 2) {
  const text = drawing.shapes.map((s) => ('text' in s ? s.text : '')).join('');
  await document.fonts.load(`700 20px ${FONT}`, text).catch(() => []);
  const canvas = document.createElement('canvas');
  canvas.width = drawing.width * scale;
  canvas.height = drawing.height * scale;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  drawOnCanvas(ctx, drawing, scale);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
}
