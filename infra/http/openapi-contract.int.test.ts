/**
 * The API document as a contract: Spectral's OpenAPI rules (`spectral:oas`, recommended) find nothing in it, every
 * operation has its own operationId, and every /api/ route declares its success answer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { DOCS_PREFIX } from './openapi';

/** The specification's paths end in a slash (spec 2): the one rule the document breaks on purpose. */
const ALLOWED_RULES = new Set(['path-keys-no-trailing-slash']);

interface Operation { operationId?: string; tags?: string[]; responses?: Record<string, { content?: unknown; description?: string }> }
interface Doc { paths: Record<string, Record<string, Operation>> }

let t: TestApp;
let body: string;
let doc: Doc;

test.before(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
  assert.is(res.statusCode, 200, res.body);
  body = res.body;
  doc = res.json();
});
test.after(async () => t.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })));

test('Spectral (spectral:oas) finds no error and no warning but the trailing slashes', async () => {
  const spectral = new Spectral();
  // The package's ruleset is typed as its literal, not as the core's definition type.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const findings: ISpectralDiagnostic[] = await spectral.run(body);
  const reported = findings.filter((f) => f.severity <= 1 && !ALLOWED_RULES.has(String(f.code)));
  // One line per rule: how often, and where first.
  const byRule = new Map<string, string>();
  for (const f of reported) byRule.set(String(f.code), byRule.get(String(f.code)) ?? `at ${f.path.join('.')}: ${f.message}`);
  const shown = [...byRule].map(([code, first]) => `${code} (${reported.filter((f) => f.code === code).length}x) ${first}`);
  assert.equal(shown, [], `${reported.length} findings`);
});

test('every operation has an operationId of its own', () => {
  const ids = operations().map(({ op }) => op.operationId);
  assert.not.ok(ids.includes(undefined), 'an operation has no operationId');
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.equal(repeated, []);
  assert.is(doc.paths['/api/users/{id}/billing_addresses/'].get.operationId, 'getUsersByIdBillingAddresses');
});

test('every /api/ route declares its success answer (or its redirect)', () => {
  const undeclared = operations()
    .filter(({ route }) => route.includes(' /api/'))
    // Fastify's stand-in for a route that declares nothing is a 200 "Default Response" with no content.
    .filter(({ op }) => !Object.entries(op.responses ?? {}).some(([status, answer]) => /^[23]/.test(status) && (answer.content !== undefined || answer.description !== 'Default Response')))
    .map(({ route }) => route);
  assert.equal(undeclared, []);
});

test.run();
