import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts once its answer is sent, so how long the work takes (or
 * whether there is any) cannot be read from the answer's timing. A failure is
 * logged by its reason, never thrown; `settled` lets closing the app wait.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, work: () => Promise<void>): void {
    // Started on the next turn of the event loop: the answer's write, even behind an async
    // hook, is done by then, so the work's first synchronous steps cannot hold it back.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => {
        // A query error's own message repeats its parameters; its cause is the database's reason.
        const reason =
          error instanceof Error && error.cause instanceof Error
            ? error.cause.message
            : error instanceof Error
              ? error.message
              : String(error);
        this.log.error({ what, reason }, 'work after the answer failed');
      });
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
