/**
 * A TCP forwarder for tests: listens on an address (e.g. the root namespace's end of a test network) and pipes every
 * connection to a target, so nodes in network namespaces reach a PostgreSQL or NATS that listens on 127.0.0.1 only.
 * It remembers the peers it served, so a test can show that a node really went through the network.
 */
import net from 'node:net';

export interface TcpForwarder {
  host: string;
  port: number;
  /** Remote addresses of the connections accepted so far. */
  peers: Set<string>;
  close(): Promise<void>;
}

export async function forwardTcp(listenHost: string, target: { host: string; port: number }): Promise<TcpForwarder> {
  const sockets = new Set<net.Socket>();
  const peers = new Set<string>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A peer cut off mid-stream resets or times out; either side's end just ends the other.
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    peers.add(client.remoteAddress ?? '');
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, listenHost, () => resolve());
  });
  return {
    host: listenHost,
    port: (server.address() as net.AddressInfo).port,
    peers,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
