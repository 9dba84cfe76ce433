import { type CacheBounds, entryOverhead, stringBytes } from '@corral/sql';
import { onlyReads } from './statement-kind.js';

/** The prepared statements' bounds when none are given. */
export const preparedStatementDefaults: Required<CacheBounds> = { maxEntries: 1_000, maxBytes: 4 * 1024 * 1024 };

/**
 * How a statement text runs: under a name (prepared once per connection) or unnamed; and for a
 * named one, whether it only reads (undefined: judge it when it matters).
 */
export interface StatementPlan {
  readonly name: string | undefined;
  readonly reads: boolean | undefined;
}

const unnamed: StatementPlan = { name: undefined, reads: undefined };

/**
 * The names of prepared statements by text, each with whether it only reads (judged once: every
 * read of a request asks). Texts come from a bounded set of shapes, but clients choose among them
 * (filters, selections, sort). A name stays prepared on every pooled connection that ran it, so
 * forgetting one would free nothing, here or on the server: the texts that come first, up to the
 * bounds, keep their names as long as the database; later ones run unnamed, planned and judged
 * each time.
 */
export class PreparedNames {
  private readonly byText = new Map<string, StatementPlan>();
  private bytes = 0;

  constructor(private readonly bounds: Required<CacheBounds>) {}

  /** How `text` runs; `planEachTime` runs it unnamed, so that the server plans it for its values. */
  of(text: string, planEachTime: boolean): StatementPlan {
    if (planEachTime) return unnamed;
    const known = this.byText.get(text);
    if (known) return known;
    const bytes = stringBytes(text) + entryOverhead;
    if (this.byText.size >= this.bounds.maxEntries || this.bytes + bytes > this.bounds.maxBytes) return unnamed;
    const plan = { name: `corral_${this.byText.size + 1}`, reads: onlyReads(text) };
    this.byText.set(text, plan);
    this.bytes += bytes;
    return plan;
  }

  /** Texts named, and their estimated bytes. */
  get held(): { readonly entries: number; readonly bytes: number } {
    return { entries: this.byText.size, bytes: this.bytes };
  }
}
