// The retro explorer: every legal last move of the editor's position (the engine's exact Prev1), one row
// per move with a button for each piece it may have captured; choosing one steps back, loading the
// position before it into the editor, and extends the breadcrumb of the line taken back, along which
// Replay and Take back again move (and any crumb jumps).
import { errorText } from '../engine/errors.js';
import { language, paren, t } from '../i18n/i18n.js';
import { westernMove } from '../game/notation.js';
import { label } from '../game/pieces.js';
import { parseSfen, toSfen } from '../game/sfen.js';
import { JAPANESE_FILES, JAPANESE_RANKS } from '../game/games.js';
import { $, closest, field } from '../page/dom.js';


export class RetroPanel {
  #engine;
  #load;
  #trail = []; // [{sfen, usi, japanese, captured}]: the position taken back from, then one per step back
  #at = 0; // the crumb the editor shows
  #game = null;
  #moves = []; // the current position's last moves, as the engine gave them
  #latest = 0; // the last request: older answers are dropped

  /** `engine` lists last moves; `load(game, sfen)` puts a position in the editor. */
  constructor({ engine, load }) {
    this.#engine = engine;
    this.#load = load;
    field('retro-filter').oninput = () => this.#list();
    field('retro-forward').onclick = () => this.#go(this.#at - 1);
    field('retro-back').onclick = () => this.#go(this.#at + 1);
    $('retro-trail').onclick = (e) => {
      const button = closest(e, 'button[data-crumb]');
      if (button) this.#go(Number(button.dataset.crumb));
    };
    $('retro-moves').onclick = (e) => {
      const button = closest(e, 'button[data-before]');
      if (button) this.#stepBack(this.#moves[Number(button.dataset.move)], Number(button.dataset.before));
    };
  }

  /** The editor shows `sfen`: the breadcrumb follows it (a position off the line starts a new one). */
  async update(game, sfen) {
    if (game !== this.#game || this.#trail[this.#at]?.sfen !== sfen) {
      const i = game === this.#game ? this.#trail.findIndex((c) => c.sfen === sfen) : -1;
      if (i >= 0) this.#at = i;
      else {
        this.#trail = [{ sfen }];
        this.#at = 0;
      }
    }
    this.#game = game;
    this.#showTrail();
    const request = ++this.#latest;
    $('retro-moves').dataset.state = 'busy';
    try {
      const result = await this.#engine.call('predecessors', { game, sfen });
      if (request !== this.#latest) return;
      this.#moves = result.last_moves;
      $('retro-count').textContent = t('retroCount', result.moves, result.predecessors);
      this.#list();
      $('retro-moves').dataset.sfen = sfen;
      $('retro-moves').dataset.state = 'done';
    } catch (e) {
      if (request !== this.#latest) return;
      this.#moves = [];
      $('retro-moves').replaceChildren();
      $('retro-count').textContent = t('retroUnavailable', errorText(e));
      $('retro-moves').dataset.sfen = sfen;
      $('retro-moves').dataset.state = 'error';
    }
  }

  #stepBack(move, b) {
    const before = move.before[b];
    const sfen = toSfen(parseSfen(this.#game, before.sfen));
    const written = moveText(this.#game, move, before);
    this.#trail.splice(this.#at + 1, Infinity, { sfen, usi: move.usi, written, captured: before.captured });
    this.#at++;
    this.#load(this.#game, sfen);
  }

  #go(i) {
    if (i < 0 || i >= this.#trail.length || i === this.#at) return;
    this.#at = i;
    this.#load(this.#game, this.#trail[i].sfen);
  }

  #showTrail() {
    const crumbs = this.#trail.map((c, i) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.crumb = String(i);
      button.textContent = i === 0 ? t('retroOrigin') : `← ${c.written === c.usi ? c.usi : `${c.usi} ${c.written}`}${c.captured ? paren(captureText(c.captured)) : ''}`;
      if (i === this.#at) button.setAttribute('aria-current', 'step');
      li.append(button);
      return li;
    });
    $('retro-trail-list').replaceChildren(...crumbs);
    field('retro-forward').disabled = this.#at === 0;
    field('retro-back').disabled = this.#at === this.#trail.length - 1;
    $('retro-trail').dataset.at = String(this.#at);
    $('retro-trail').dataset.length = String(this.#trail.length);
  }

  /** The last moves the filter keeps: a piece (letter or kanji), a square (5e or ５五), or any text. */
  #list() {
    const wanted = filterOf(field('retro-filter').value);
    const rows = [];
    this.#moves.forEach((m, i) => {
      // The move in the page's notation: in English the Western one, written for the position before
      // it without a capture where there is one (each button then says what was captured).
      const plain = m.before.find((b) => !b.captured) ?? m.before[0];
      const written = moveText(this.#game, m, plain);
      if (wanted && !wanted(m, written)) return;
      const li = document.createElement('li');
      li.dataset.usi = m.usi;
      const name = document.createElement('span');
      name.className = 'retro-move';
      // (A drop reads the same in USI and Western notation: once is enough.)
      name.textContent = written === m.usi ? written : `${m.usi} ${written}`;
      li.append(name, ` — ${t('retroCaptured')} `);
      m.before.forEach((b, j) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.move = String(i);
        button.dataset.before = j;
        button.dataset.captured = b.captured ?? '';
        button.textContent = b.captured ? captureText(b.captured) : t('retroNone');
        // The name starts with the visible text (what was captured), then says which move it takes back.
        button.setAttribute('aria-label', t('retroStepLabel', button.textContent, m.usi, moveText(this.#game, m, b)));
        li.append(button, ' ');
      });
      rows.push(li);
    });
    $('retro-moves').replaceChildren(...rows);
    $('retro-shown').textContent = wanted ? t('retroShown', rows.length, this.#moves.length) : '';
  }
}

/** A last move `m` (from the engine) as the page's language writes it, played in `before` (one of its
 * positions before): ☗６三龍 in Japanese, `+Rx6c` in English. */
function moveText(game, m, before) {
  if (language() === 'ja') return m.japanese;
  return westernMove(parseSfen(game, before.sfen), { move: m.usi, japanese: m.japanese });
}

/** A captured piece (SFEN token) as the page's language writes it: `p`, or 歩 in Japanese. */
function captureText(piece) {
  return language() === 'ja' ? label(piece.toUpperCase(), 'kanji') : piece;
}

/** A test for the filter's text (null: keep all) of a move and its text as the page writes it. */
function filterOf(text) {
  const f = text.trim();
  if (!f) return null;
  // A square as Japanese players type it: ５六, 5六 (a phone's keyboard), ５６ or 56 (file then rank).
  const digit = (ch) => (JAPANESE_FILES.includes(ch) ? JAPANESE_FILES.indexOf(ch) + 1 : Number(ch));
  const ja = f.match(new RegExp(`^([1-9${JAPANESE_FILES}])([${JAPANESE_RANKS}1-9${JAPANESE_FILES}])$`, 'u'));
  const rank = ja && (JAPANESE_RANKS.includes(ja[2]) ? JAPANESE_RANKS.indexOf(ja[2]) : digit(ja[2]) - 1);
  const square = ja ? `${digit(ja[1])}${String.fromCharCode(97 + rank)}` : f.toLowerCase();
  if (/^[1-9][a-i]$/.test(square)) return (m) => m.usi.slice(2, 4) === square || m.usi.slice(0, 2) === square;
  if (/^\+?[a-z]$/i.test(f)) return (m) => m.piece.toUpperCase() === f.toUpperCase();
  return (m, written) => `${m.usi} ${m.japanese} ${m.kif} ${written}`.includes(f);
}
