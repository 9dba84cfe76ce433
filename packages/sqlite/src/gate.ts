/**
 * One unit of work at a time on a connection. node:sqlite runs statements synchronously, but a
 * unit of work awaits between them: a write from outside must wait until the unit has committed or
 * rolled back, or it would become part of it (and vanish with a rollback).
 */
export class Gate {
  private current: Promise<unknown> | undefined;

  /** Resolves when no unit runs (at once, synchronously, when none does). */
  async idle(): Promise<void> {
    while (this.current) await this.current.catch(() => undefined);
  }

  /** Runs `unit` once every earlier one has finished. */
  async run<R>(unit: () => Promise<R>): Promise<R> {
    // Checked and taken in one synchronous step, so two waiters cannot both start.
    while (this.current) await this.current.catch(() => undefined);
    const running = unit();
    this.current = running;
    try {
      return await running;
    } finally {
      if (this.current === running) this.current = undefined;
    }
  }
}
