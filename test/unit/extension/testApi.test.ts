// The test probes are not public API: activate returns them only in the
// extension's test mode, or when the test runner sets TSI_TEST_API=1.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exposesTestApi, TEST_API_ENV } from '../../../src/extension/api';

describe('test API (probes for the extension-host tests only)', () => {
  it('is returned in test mode, or with the runner flag, and never otherwise', () => {
    assert.equal(exposesTestApi(true, {}), true);
    assert.equal(exposesTestApi(false, { [TEST_API_ENV]: '1' }), true);
    assert.equal(exposesTestApi(false, {}), false);
    assert.equal(exposesTestApi(false, { [TEST_API_ENV]: '0' }), false);
    assert.equal(exposesTestApi(false, { [TEST_API_ENV]: 'yes' }), false);
  });

  it('the host-test runner sets the flag for the installed .vsix (production mode)', () => {
    const runner = fs.readFileSync(path.resolve(__dirname, '../../../scripts/test-vscode.mjs'), 'utf8');
    assert.match(runner, new RegExp(`serverEnv = \\{ ${TEST_API_ENV}: '1' \\}`));
  });
});
