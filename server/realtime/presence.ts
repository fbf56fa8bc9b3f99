/** Who is online on this instance: a user is online while at least one of their sockets is. */
export class Presence {
  private readonly sockets = new Map<string, { fullName: string; socketIds: Set<string> }>();

  add(userId: string, socketId: string, fullName: string): void {
    const entry = this.sockets.get(userId) ?? { fullName, socketIds: new Set<string>() };
    entry.socketIds.add(socketId);
    this.sockets.set(userId, entry);
  }

  /** Returns true when the user went offline. */
  remove(userId: string, socketId: string): boolean {
    const entry = this.sockets.get(userId);
    if (!entry?.socketIds.delete(socketId)) return false;
    if (entry.socketIds.size > 0) return false;
    this.sockets.delete(userId);
    return true;
  }

  isOnline(userId: string): boolean {
    return this.sockets.has(userId);
  }

  count(): number {
    return this.sockets.size;
  }
}
