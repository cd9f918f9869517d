import { Duplex } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answerClientError, clientErrorStatus } from './protocol-errors';

/** A socket that keeps what is written to it (the parser's errors come with only a socket, no request). */
function fakeSocket(): Duplex & { written: string } {
  const socket = new Duplex({
    read() {},
    write(chunk, _encoding, done) { socket.written += String(chunk); done(); },
  }) as Duplex & { written: string };
  socket.written = '';
  socket.on('error', () => {}); // destroy(error) emits it; Node's server swallows it the same way
  return socket;
}

const parserError = (code: string) => Object.assign(new Error(code), { code });

test('parser error codes map to 431, 408 and otherwise 400', () => {
  assert.is(clientErrorStatus('HPE_HEADER_OVERFLOW'), 431);
  assert.is(clientErrorStatus('ERR_HTTP_REQUEST_TIMEOUT'), 408);
  for (const code of ['HPE_INVALID_METHOD', 'HPE_INVALID_HEADER_TOKEN', 'HPE_UNEXPECTED_CONTENT_LENGTH', undefined]) assert.is(clientErrorStatus(code), 400);
});

test('a timed-out request gets a whole 408 answer in the {detail} shape, then the connection closes', () => {
  const socket = fakeSocket();
  answerClientError(parserError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
  const [head, body] = socket.written.split('\r\n\r\n');
  assert.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  assert.match(head, /\r\nConnection: close/);
  assert.is(Number(/Content-Length: (\d+)/.exec(head)?.[1]), Buffer.byteLength(body));
  assert.equal(JSON.parse(body), { detail: 'The request took too long to arrive. Please try again.' });
  assert.ok(socket.destroyed);
});

test('nothing is written when an earlier answer on the connection is half sent, or the peer is gone', () => {
  const busy = fakeSocket();
  (busy as Duplex & { _httpMessage?: object })._httpMessage = { headersSent: true };
  answerClientError(parserError('HPE_INVALID_METHOD'), busy);
  assert.is(busy.written, '');
  assert.ok(busy.destroyed);
  const reset = fakeSocket();
  answerClientError(parserError('ECONNRESET'), reset);
  assert.is(reset.written, '');
});

test.run();
