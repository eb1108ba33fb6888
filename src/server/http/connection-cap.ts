import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Hold at most `max` open connections in this process: one more is closed as soon as it is accepted,
 * before a byte of it is read. Answering it instead (503) would mean waiting for its headers, holding
 * the very sockets the cap is there to bound.
 *
 * Node's own server.maxConnections is not used: under node:cluster a worker at its cap hands the
 * connection back to the primary, which offers it to the next worker, and so on in a busy loop
 * (measured: each process spinning while the client waits) instead of refusing it.
 */
export function capConnections(server: Server, max: number, onRefused: () => void): void {
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      socket.destroy();
      onRefused();
      return;
    }
    open++;
    socket.once('close', () => {
      open--;
    });
  });
}
