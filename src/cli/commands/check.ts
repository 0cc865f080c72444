import type { CliCommand } from '../cliTypes';
export const checkCommand: CliCommand = { name: 'check', summary: 'pending', usage: 'check', run: () => Promise.resolve(2) };
