// Fixture for test/process/lint.test.ts: the other half of the cycle.
import { cycleA } from './__lintFixtureCycleA';

export const cycleB = (): string => `b${cycleA.length}`;
