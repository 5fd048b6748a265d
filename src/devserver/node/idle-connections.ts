/**
 * The open connections of a listener, idle ones in the order they were last active, so that a new
 * connection past the cap closes the one idle for longest rather than being refused: a client
 * that opens connections and sends nothing (or leaves kept-alive ones unused) cannot lock others
 * out. A connection with a request in progress (a long poll included) is never closed for room.
 */
import type { Socket } from "node:net";

/** Tracks connections and sheds the longest-idle ones past `softCap`. */
export class IdleConnections {
  /** Idle sockets, least recently active first (a Map keeps insertion order). */
  private readonly idle = new Map<Socket, true>();
  /** Sockets with requests in progress, and how many (pipelining). */
  private readonly busy = new Map<Socket, number>();
  /** Connections closed to make room. */
  shed = 0;

  constructor(private readonly softCap: number) {}

  /** How many connections are open. */
  get size(): number {
    return this.idle.size + this.busy.size;
  }

  /** A connection was accepted: room is made for it, and it is idle until its first request. */
  opened(socket: Socket): void {
    this.makeRoom();
    this.idle.set(socket, true);
    socket.once("close", () => {
      this.idle.delete(socket);
      this.busy.delete(socket);
    });
  }

  /** A request started on `socket`. */
  requestStarted(socket: Socket): void {
    this.idle.delete(socket);
    this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
  }

  /** A request on `socket` was answered (or abandoned): idle again once none is in progress. */
  requestEnded(socket: Socket): void {
    const left = (this.busy.get(socket) ?? 1) - 1;
    if (left > 0) return void this.busy.set(socket, left);
    this.busy.delete(socket);
    if (!socket.destroyed) this.idle.set(socket, true);
  }

  /** Closes the longest-idle connections until one more fits under the cap. */
  private makeRoom(): void {
    while (this.size >= this.softCap) {
      const oldest = this.idle.keys().next().value;
      if (oldest === undefined) return;
      this.idle.delete(oldest);
      this.shed += 1;
      oldest.destroy();
    }
  }
}
