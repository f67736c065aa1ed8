// Timing a piece of work that must not hang: its outcome and how long it took, bounded so that a
// hang fails the test with a clear message instead of at the test's own timeout.

/** The outcome of `work` and how long it took; rejects if it is still running after `limitMs`. */
export async function settles<T>(work: Promise<T>, limitMs: number): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${limitMs} ms`)), limitMs);
  });
  try {
    const value = await Promise.race([work, hung]);
    return { ms: performance.now() - started, value };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('still waiting')) throw error;
    return { ms: performance.now() - started, error };
  } finally {
    clearTimeout(timer);
  }
}
