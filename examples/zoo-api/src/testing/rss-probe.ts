// Loaded (--import) into a zoo process by the memory tests: on SIGUSR2 it collects garbage (when
// node runs with --expose-gc) and prints its memory, which a test reads from stdout.
process.on('SIGUSR2', () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass may only queue weak callbacks and finalizers for the second.
  collect?.();
  collect?.();
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  console.log(`rss-probe ${rss} heapTotal ${heapTotal} heapUsed ${heapUsed} external ${external}`);
});
