import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALWAYS_SENT, decisionLine, POLICY, POLICY_NOT_REACHED_LINE, SENT_BECAUSE, STATUS } from '../../../src/core/vocabulary';

const doc = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'docs', 'architecture.md'), 'utf8');
const section = doc.slice(doc.indexOf('## One vocabulary'), doc.indexOf('## What people see'));

// One word per thing on every surface: the table in docs/architecture.md is
// the module's words, and the module's words are what the surfaces show.
describe('one vocabulary (core/vocabulary.ts and its table in docs/architecture.md)', () => {
  it('the docs table lists every status, every reason a schema is sent, and the policy words, with their meanings', () => {
    assert.ok(section.length > 0, 'docs/architecture.md has the "One vocabulary" section');
    for (const t of Object.values(STATUS)) {
      assert.ok(section.includes(`| \`${t.label}\` | ${t.meaning} |`), `status ${t.label}`);
    }
    for (const [why, t] of Object.entries(SENT_BECAUSE)) {
      assert.ok(section.includes(`| \`${t.label}\` (\`${why}\`) | ${t.meaning} |`), `reason ${why}`);
    }
    assert.ok(section.includes(`\`${ALWAYS_SENT.label}\``) && section.includes(ALWAYS_SENT.meaning));
    assert.ok(section.includes(`| \`${POLICY.noLayer.label}\` | ${POLICY.noLayer.meaning} |`));
    assert.ok(section.includes(POLICY_NOT_REACHED_LINE));
  });

  it('no two reasons share a label, and a decision reads EFFECT by LAYER: RULE', () => {
    const labels = Object.values(SENT_BECAUSE).map((t) => t.label);
    assert.equal(new Set(labels).size, labels.length);
    assert.equal(decisionLine({ effect: 'deny', layer: 'tools.deny', rule: 'deny "gateway"' }), 'deny by tools.deny: deny "gateway"');
  });
});
