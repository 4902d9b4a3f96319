// The How it works tab (仕組み): Ishii & Tanaka's method walked through with the live engine, in six
// steps (steps.js, search-step.js, estimate-step.js). Loaded when the tab is first opened (app.js), with
// a worker of its own (walkthrough-worker.js) that runs the plain engine the page compiled once.
import { WorkerClient } from '../engine/rpc.js';
import { language } from '../i18n/i18n.js';
import { wasmModule } from '../engine/wasm.js';
import { candidateStep, filterStep, paperStep, sampleStep } from './steps.js';
import { estimateStep } from './estimate-step.js';
import { searchStep } from './search-step.js';
import { para } from './text.js';

/** The seed of the examples of steps 3 and 4: the Estimate tab's default, so its samples are those. */
export const EXAMPLE_SEED = '20261122';

const workerUrl = new URL('./walkthrough-worker.js', import.meta.url);

export class Walkthrough {
  /** @type {WorkerClient<import('./walkthrough').WalkthroughApi> | null} */
  #client = null;
  /** @type {Promise<unknown> | null} */
  #ready = null;
  /** @type {string | null} the game shown */
  #game = null;
  #labels = '';
  #language = ''; // the page's language it was drawn in

  /** @param {HTMLElement} root the tab's body */
  constructor(root) {
    this.root = root;
    // The random draws of step 2: a seed of this visit.
    this.seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
  }

  /** The engine's answer to `type`, once the worker has loaded the engine. */
  async call(type, args) {
    if (!this.#client) {
      /** @type {WorkerClient<import('./walkthrough').WalkthroughApi>} */
      const client = new WorkerClient(workerUrl);
      this.#client = client;
      this.#ready = wasmModule(false).then((module) => client.call('init', { module }));
    }
    await this.#ready;
    return this.#client.call(type, args);
  }

  /**
   * Shows the walkthrough for `game` with piece labels `labels`; drawn anew only when either
   * changed since it was last drawn (a search under way in the old one is left to finish unseen).
   */
  show(game, labels) {
    if (game === this.#game && labels === this.#labels && language() === this.#language) return;
    this.#game = game;
    this.#labels = labels;
    this.#language = language();
    const ctx = { call: (type, args) => this.call(type, args), game, labels, seed: this.seed };
    this.root.replaceChildren(
      para('intro'),
      candidateStep(ctx),
      sampleStep(ctx),
      filterStep(ctx, EXAMPLE_SEED),
      searchStep(ctx, EXAMPLE_SEED),
      estimateStep(ctx),
      paperStep(),
    );
    this.root.dataset.game = game;
  }
}
