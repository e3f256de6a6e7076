// The page's side of an engine worker (engine/worker.js): requests that answer once, and
// streams (analysis, review) that answer many times until stopped. Stopping a request
// that is still searching ends the worker and starts a new one, so the page never waits.

export class EngineClient {
  #worker = null;
  #next = 0;
  #pending = new Map();
  #busy = false;

  #start() {
    if (this.#worker !== null) return this.#worker;
    const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    w.onmessage = ({ data }) => {
      const p = this.#pending.get(data.id);
      if (!p) return;
      if (data.type === 'error') {
        this.#pending.delete(data.id);
        this.#busy = this.#pending.size > 0;
        p.reject(new Error(data.message));
        return;
      }
      const finished = p.onMessage(data);
      if (finished) {
        this.#pending.delete(data.id);
        this.#busy = this.#pending.size > 0;
      }
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      const message = e.message ?? 'the engine stopped';
      for (const p of this.#pending.values()) p.reject(new Error(message));
      this.#pending.clear();
      this.#worker = null;
      this.#busy = false;
    };
    this.#worker = w;
    return w;
  }

  /** Whether a request is being answered. */
  get busy() {
    return this.#busy;
  }

  /** Sends `message` and resolves with its one answer's `result`. */
  request(message) {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, {
        reject,
        onMessage: (data) => {
          resolve(data.result);
          return true;
        },
      });
      this.#busy = true;
      this.#start().postMessage({ ...message, id });
    });
  }

  /**
   * Sends a streaming `message`; `onMessage(data)` gets each answer and returns true at the
   * last. Resolves when the stream ends; rejects on an error.
   */
  stream(message, onMessage) {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, {
        reject,
        onMessage: (data) => {
          const last = onMessage(data);
          if (last) resolve();
          return last;
        },
      });
      this.#busy = true;
      this.#start().postMessage({ ...message, id });
    });
  }

  /** Tells the worker the table may forget (a new game). */
  newGame() {
    if (this.#worker !== null && !this.#busy) this.#worker.postMessage({ type: 'new-game', id: 0 });
  }

  /**
   * Abandons every request: their promises never settle. A worker still searching is
   * ended (a new one starts with the next request).
   */
  cancel() {
    if (this.#worker === null) return;
    if (this.#busy) {
      this.#worker.terminate();
      this.#worker = null;
    } else {
      this.#worker.postMessage({ type: 'stop', id: 0 });
    }
    this.#pending.clear();
    this.#busy = false;
  }
}
