/**
 * A background round run at once and then every `intervalMs`, never two at a time: the next round is scheduled when
 * the last one has settled. `stop()` waits for a round under way, so the database can be closed after it. The timer
 * does not keep the process alive.
 */
export class RepeatingTask {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private running = false;

  constructor(
    private readonly runRound: () => Promise<unknown>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.round;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.round = this.runRound().finally(() => {
        if (this.running) this.schedule(this.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}
