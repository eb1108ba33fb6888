/**
 * The run's entry budget: at most MAX_RUN_ENTRIES entries (the items of every config section that
 * holds entries) across every file, so a repository cannot make one run check (and report) without
 * bound. Files are read concurrently, but the budget is granted in file order, so the same files always get the same
 * answer whichever finishes parsing first. A file that would pass the limit is refused whole, and
 * files after it may still fit.
 */
import { entryNouns } from '../sections/table.ts';

export const MAX_RUN_ENTRIES = 1000;

export interface Admission {
  ok: boolean;
  /** Entries granted before this file asked. */
  before: number;
}

export class EntryBudget {
  readonly limit: number;
  #used = 0;
  #next = 0;
  /** Per file index: its entry count and who waits for the answer, or null when it never asks. */
  readonly #asks = new Map<number, { count: number; answer: (a: Admission) => void } | null>();

  constructor(limit: number = MAX_RUN_ENTRIES) {
    this.limit = limit;
  }

  /** Ask for `count` entries for file number `index`; answered once every earlier file has asked or passed. */
  admit(index: number, count: number): Promise<Admission> {
    return new Promise((answer) => {
      this.#asks.set(index, { count, answer });
      this.#drain();
    });
  }

  /** File number `index` is done; if it never asked (it could not be read), later files need not wait. */
  pass(index: number): void {
    if (!this.#asks.has(index) && index >= this.#next) this.#asks.set(index, null);
    this.#drain();
  }

  #drain(): void {
    while (this.#asks.has(this.#next)) {
      const ask = this.#asks.get(this.#next);
      this.#asks.delete(this.#next);
      this.#next++;
      if (ask === null || ask === undefined) continue;
      const before = this.#used;
      const ok = before + ask.count <= this.limit;
      if (ok) this.#used += ask.count;
      ask.answer({ ok, before });
    }
  }
}

/** The finding text for a file the budget refused. */
export function overBudgetMessage(name: string, count: number, admission: Admission, limit: number = MAX_RUN_ENTRIES): string {
  const fmt = (n: number): string => n.toLocaleString('en-US');
  return `${name} has ${fmt(count)} entries and the files before it ${fmt(admission.before)}: more than the ${fmt(limit)} entries (${entryNouns()}) one run may check, so none of its entries were checked.`;
}
