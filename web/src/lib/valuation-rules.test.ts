import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstServerMessage, formatMB, objectsProblem, pickPhotos, signUpFieldErrors } from './valuation-rules';

const file = (name: string, size: number, type = 'image/jpeg') => ({ name, size, type }) as File;

test('sizes in MB to two decimals', () => {
  assert.is(formatMB(1024 * 1024), '1.00 MB');
  assert.is(formatMB(2.5 * 1024 * 1024 + 9000), '2.51 MB');
  assert.is(formatMB(0), '0.00 MB');
});

test('the first problem of the objects', () => {
  assert.is(objectsProblem([]), 'Add at least one object to value.');
  assert.is(objectsProblem([{ key: 1, title: ' ', photos: [file('a', 1)] }]), 'Object 1: enter a title.');
  assert.is(objectsProblem([{ key: 1, title: 'A', photos: [] }]), 'Object 1: add at least one photo.');
  assert.is(objectsProblem([{ key: 1, title: 'A', photos: [file('a', 1)] }]), null);
});

test('picking photos refuses non-images, oversize files and an eleventh photo', () => {
  const r = pickPhotos([], [file('a.jpg', 100), file('notes.txt', 10, 'text/plain'), file('big.png', 11 * 1024 * 1024, 'image/png')]);
  assert.is(r.photos.length, 1);
  assert.match(r.problem!, /big\.png/);
  const full = pickPhotos(Array.from({ length: 10 }, (_, i) => file(`${i}`, 1)), [file('x', 1)]);
  assert.is(full.photos.length, 10);
  assert.is(full.problem, 'At most 10 photos per object.');
});

test('the first element of the server data is shown', () => {
  assert.is(firstServerMessage({ detail: 'Nope' }), 'Nope');
  assert.is(firstServerMessage({ email: ['Taken'], password: ['Weak'] }), 'Taken');
  assert.is(firstServerMessage(['First', 'Second']), 'First');
  assert.is(firstServerMessage(null), 'Server Error');
  assert.equal(signUpFieldErrors({ email: ['Taken'], other: ['x'] }, ['email']), { email: 'Taken' });
});

test.run();
