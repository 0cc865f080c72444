// Rewrites README.md's settings and commands tables from package.json (see
// scripts/lib/readmeTables.mjs). Run it after changing a setting or command.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTables } from './lib/readmeTables.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readmeFile = path.join(root, 'README.md');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const before = fs.readFileSync(readmeFile, 'utf8');
const after = withTables(before, manifest);
if (after !== before) fs.writeFileSync(readmeFile, after);
console.log(after === before ? 'README.md tables already match package.json' : 'README.md tables rewritten from package.json');
