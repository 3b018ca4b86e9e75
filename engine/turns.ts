// Turns at a scarce resource (a query slot, an inflation), first come, first served, with a bounded
// queue: a waiter that waited `maxWaitMs`, or arrives when `maxWaiting` already wait, is refused
// with Busy (503 and Retry-After), so that an overloaded server answers at once instead of
// piling up requests that their clients have given up on.
import { Busy } from './errors.js';

export interface TurnLimits {
  /** Turns held at once. */
  count: number;
  /** Longest wait for a turn (Infinity: no limit). */
  maxWaitMs: number;
  /** Waiters beyond which one more is refused at once (Infinity: no limit). */
  maxWaiting: number;
}

interface Waiter {
  start: () => void;
  timer?: NodeJS.Timeout;
}

export class Turns {
  private free: number;
  private readonly waiting: Waiter[] = [];

  /** `what` names the resource in Busy's message ("queries", "compressed request bodies"). */
  constructor(private readonly limits: TurnLimits, private readonly what: string) {
    this.free = limits.count;
  }

  /** Resolves once a turn is the caller's (give it back with `give`); rejects with Busy. */
  take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(this.busy(`${this.waiting.length} already wait`));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve };
      if (Number.isFinite(this.limits.maxWaitMs)) {
        waiter.timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.busy(`none came free within ${this.limits.maxWaitMs / 1000} s`));
        }, this.limits.maxWaitMs);
      }
      this.waiting.push(waiter);
    });
  }

  give(): void {
    const next = this.waiting.shift();
    if (next === undefined) {
      this.free++;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }

  /** Runs `work` in a turn of its own. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await work();
    } finally {
      this.give();
    }
  }

  /** Turns held and waiters, for tests and logs. */
  get load(): { held: number; waiting: number } {
    return { held: this.limits.count - this.free, waiting: this.waiting.length };
  }

  private busy(why: string): Busy {
    // A client retrying after the longest wait finds the queue moved on.
    const retryAfter = Math.max(1, Math.ceil(Math.min(this.limits.maxWaitMs, 60_000) / 1000));
    return new Busy(`The server is busy: all ${this.limits.count} turns for ${this.what} are taken and ${why}; retry later`, retryAfter);
  }
}
