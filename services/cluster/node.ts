/**
 * One server process as a node of a multi-process house (docs/scale.md): an internal HTTP listener where the other
 * processes forward the bids of lots this one holds (the same app, reached on this process's own port, because with
 * node:cluster the public port is shared and would hand the request to any worker), and the lot leases.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { installLeases, LotLeases, uninstallLeases, type LeaseOptions } from '../bidding/lot-leases';
import { HOLDER_PATH } from '../bidding/lot-router';
import { answerInternal, METRICS_PATH } from '../../infra/metrics/http';
import { answerClientError } from '../../infra/http/protocol-errors';

interface NodeOptions extends LeaseOptions {
  /** Interface of the internal listener: 127.0.0.1 for processes of one machine, 0.0.0.0 across machines. */
  host: string;
  /** 0: any free port (each process its own). */
  port: number;
  /** The host name the others use to reach this process; defaults to the host (or the machine's name for 0.0.0.0). */
  advertiseHost?: string | null;
}

export interface ClusterNode {
  address: string;
  leases: LotLeases;
  server: http.Server;
  /** Releases this process's leases (the others take over at once) and closes the internal listener. */
  stop(): Promise<void>;
}

export async function startNode(ctx: AppContext, app: FastifyInstance, options: NodeOptions): Promise<ClusterNode> {
  const leases = new LotLeases(ctx.db, options);
  const server = http.createServer((req, res) => {
    // Liveness for peers: answers who this is, so a restarted process on the same address is not taken for the old.
    if (req.url === HOLDER_PATH) return void res.end(leases.holder);
    // Prometheus scrapes each process here, without the public port's token (docs/operations.md).
    if (req.method === 'GET' && req.url === METRICS_PATH) return void answerInternal(ctx.metrics, res, req);
    app.routing(req, res);
  });
  server.keepAliveTimeout = 30_000;
  server.on('clientError', answerClientError); // the API's error shape here too, as on the public port
  // exclusive: under node:cluster a worker's listen is otherwise shared through the primary (one port for all).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port, exclusive: true }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.advertiseHost || (options.host === '0.0.0.0' || options.host === '::' ? os.hostname() : options.host);
  const address = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  await leases.start(address);
  installLeases(ctx, leases);
  ctx.metrics.provide({ leasesHeld: () => leases.heldCount });
  return {
    address,
    leases,
    server,
    async stop() {
      await leases.stop();
      uninstallLeases(ctx);
      ctx.metrics.provide({ leasesHeld: () => 0 });
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
