/**
 * Lets delivery attempts through, all at once while the process has time to spare, at most
 * `busyLimit` at a time while it is busy, each slot given back `busyPauseMs` after its attempt: a
 * write load that fills the process then keeps nearly all of it (attempts one after the other
 * would still take a fifth of it), and the deliveries it left behind go out once it eases (they
 * wait, in order).
 */
export function busyGate({
  busyLimit,
  busyPauseMs = 0,
}: {
  readonly busyLimit: number;
  readonly busyPauseMs?: number;
}) {
  let busy = false;
  let inside = 0;
  const waiting: (() => void)[] = [];
  const admit = () => {
    while (waiting.length > 0 && (!busy || inside < busyLimit)) {
      inside++;
      waiting.shift()!();
    }
  };
  return {
    /** Whether attempts are held to `busyLimit` now. */
    get busy() {
      return busy;
    },
    /** Says whether the process is busy; admits the waiting when it no longer is. */
    setBusy(value: boolean): void {
      busy = value;
      admit();
    },
    /** Waits for a turn; call the function it gives when the attempt is over. */
    async enter(): Promise<() => void> {
      if (!busy || inside < busyLimit) inside++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let left = false;
      const free = () => {
        inside--;
        admit();
      };
      return () => {
        if (left) return;
        left = true;
        if (busy && busyPauseMs > 0) setTimeout(free, busyPauseMs).unref?.();
        else free();
      };
    },
  };
}

/** A gate as the worker holds it. */
export type BusyGate = ReturnType<typeof busyGate>;
