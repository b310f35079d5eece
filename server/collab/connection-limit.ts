/**
 * Connection-limit extension: at most N collaboration sockets per account, so one runaway client
 * (a reconnect loop, a script) cannot hold every document of the server in memory.
 */
export class ConnectionLimit {
  private counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Count a socket for the user; false (and nothing counted) when they are at the limit. */
  tryTake(userId: string): boolean {
    const count = this.counts.get(userId) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(userId, count + 1);
    return true;
  }

  release(userId: string): void {
    const count = (this.counts.get(userId) ?? 0) - 1;
    if (count > 0) this.counts.set(userId, count);
    else this.counts.delete(userId);
  }

  count(userId: string): number {
    return this.counts.get(userId) ?? 0;
  }
}
