// Debug helper for test:real: compares a saved `capture --json` report with a
// saved `preview --mode all --json` output, part by part, after normalization.
//   npx tsx test/real/compareFiles.ts capture.json preview.json
import * as fs from 'node:fs';
import type { CaptureReport } from '../../src/core/capture/capture';
import type { PreviewJson } from '../../src/core/modes/preview';
import { firstDifference, REQUEST_PARTS, requestParts } from '../../src/core/prompt/requestDiff';
import { normalizeRequest } from '../../src/core/prompt/volatile';

const [capFile, prevFile] = process.argv.slice(2);
if (!capFile || !prevFile) {
  console.error('usage: compareFiles.ts capture.json preview.json');
  process.exit(2);
}
const cap = JSON.parse(fs.readFileSync(capFile, 'utf8')) as CaptureReport;
const prev = JSON.parse(fs.readFileSync(prevFile, 'utf8')) as { modes: Record<string, PreviewJson> };
for (const [mode, c] of Object.entries(cap.modes)) {
  const first = c.requests.find((q) => q.seq === c.first?.seq);
  const p = prev.modes[mode]?.openclaw;
  if (!first || !p || !c.paths) {
    console.log(`${mode}: missing side`);
    continue;
  }
  const real = requestParts(normalizeRequest(first.body, { workspaceDir: c.paths.agentWorkspace, stateDir: c.paths.stateDir, openclawDir: cap.openclaw.packageDir }));
  const predicted = requestParts(normalizeRequest(p.request, p.volatile));
  for (const part of REQUEST_PARTS) {
    const d = firstDifference(real[part], predicted[part]);
    console.log(`${mode} ${part}: ${d ?? 'equal'}`);
  }
}
