/**
 * A TCP proxy in front of PostgreSQL that can lose a connection at the worst moment: right after the client sent
 * COMMIT, or a statement that commits on its own (its implicit transaction ends at the Sync sent with it: the bid
 * path's one-statement commit tick). PostgreSQL commits, but the client never hears so (its connection dies while it waits for the reply): the
 * "unknown outcome" a real network or server failure produces, made deterministic.
 */
import net from 'node:net';

/** The simple-protocol message node-postgres sends for Kysely's commit: 'Q', length 11, "commit\0". */
const COMMIT = Buffer.concat([Buffer.from([0x51, 0, 0, 0, 11]), Buffer.from('commit\0', 'latin1')]);
/** The extended protocol's Sync message: 'S', length 4. */
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

export class CuttingProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private armed = false;
  private statement: string | null = null;
  /** How many connections were cut after their COMMIT. */
  cuts = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.pipe(client));
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port)));
  }

  /**
   * The next COMMIT through the proxy (or, with `orStatement`, the next statement sent with its Sync whose SQL holds
   * that text, run outside a transaction) is delivered, its answer is swallowed and the connection dropped.
   */
  cutAfterNextCommit(orStatement: string | null = null): void {
    this.armed = true;
    this.statement = orStatement;
  }

  private commits(chunk: Buffer): boolean {
    if (chunk.includes(COMMIT)) return true;
    return this.statement !== null && chunk.includes(SYNC) && chunk.includes(this.statement, 0, 'latin1');
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.sockets.add(client).add(upstream);
    let swallowing = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (this.armed && this.commits(chunk)) {
        this.armed = false;
        swallowing = true;
        this.cuts += 1;
        // Give PostgreSQL time to process the COMMIT, then drop both sides.
        setTimeout(() => { client.destroy(); upstream.destroy(); }, 300);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!swallowing) client.write(chunk);
    });
    const end = () => { client.destroy(); upstream.destroy(); this.sockets.delete(client); this.sockets.delete(upstream); };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  }
}
