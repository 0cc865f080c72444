// Fixture for test/process/lint.test.ts: one half of an import cycle inside a folder.
import { cycleB } from './__lintFixtureCycleB';

export const cycleA = (): string => `a${cycleB.length}`;
