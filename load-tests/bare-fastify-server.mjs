// The ceiling of the one-hot-lot benchmark (load-tests/bare-ceiling.ts): Fastify alone answering the bid request
// as the house does on the wire: parse the JSON body, read the bearer token, answer 201 with a small JSON body. No
// authentication, no rules, no storage. Plain JavaScript, no loader: its cost is Node's and Fastify's only.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/bids/', async (request, reply) => {
  const token = (request.headers.authorization ?? '').slice(7);
  const { bid, lot } = request.body ?? {};
  if (!token || typeof bid !== 'string' || typeof lot !== 'string') return reply.code(400).send({ detail: 'Bad bid.' });
  return reply.code(201).send({ bid_id: randomUUID(), lot, bid_stats: { current_bid: bid, is_winning: true } });
});
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
