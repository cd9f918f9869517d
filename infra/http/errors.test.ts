/**
 * A domain error returned as a value (`sendDomainError`, the refused bids) answers exactly what the error handler
 * answers when it is thrown: status, headers and bytes, for every kind, on a route that declares its error answers
 * (checked strictly, as in tests and development).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict, Forbidden, NotFound, RuleBroken, Throttled, Unauthorized, Unavailable, ValidationError, type DomainError } from '../../domain/shared/errors';
import { answers } from './answers';
import { installContract } from './contract';
import { installErrorHandler, sendDomainError } from './errors';

const ERRORS: DomainError[] = [
  new RuleBroken('Your bid must be at least £15.'),
  new NotFound('Lot not found.'),
  new ValidationError({ bid: ['This field is required'], lot: ['Enter a valid lot id.'] }),
  new ValidationError({}, 'Invalid input "quoted"'),
  new Unauthorized(),
  new Forbidden(),
  new Conflict('This lot is very busy right now. Please try again.'),
  new Throttled('Too many bids.', 7),
  new Unavailable(3),
];

let app: FastifyInstance;
let current: DomainError = ERRORS[0];

test.before(async () => {
  app = Fastify();
  installErrorHandler(app);
  installContract(app, true);
  app.addHook('onRequest', async (_request, reply) => { reply.header('x-before', 'kept'); });
  const schema = { response: answers({}, 400, 401, 403, 404, 409, 429, 503) };
  app.post('/thrown', { schema }, async () => { throw current; });
  app.post('/value', { schema }, async (_request, reply) => sendDomainError(reply, current));
  await app.ready();
});

test.after(async () => {
  await app.close();
});

test('every kind answers the same whether thrown or returned', async () => {
  for (const error of ERRORS) {
    current = error;
    const thrown = await app.inject({ method: 'POST', url: '/thrown' });
    const value = await app.inject({ method: 'POST', url: '/value' });
    const label = `${error.constructor.name}: ${error.message}`;
    assert.is(value.statusCode, thrown.statusCode, label);
    assert.equal(Object.entries(value.headers).filter(([k]) => k !== 'date'), Object.entries(thrown.headers).filter(([k]) => k !== 'date'), label);
    assert.ok(value.rawPayload.equals(thrown.rawPayload), label);
  }
});

test.run();
