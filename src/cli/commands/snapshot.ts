import * as fs from 'node:fs';
import * as path from 'node:path';
import { serializeSnapshot } from '../../core/snapshot/snapshot';
import type { CliCommand } from '../cliTypes';
import { json } from '../format';
import { LIVE_SNAPSHOT_OPTIONS, liveSnapshot, strOpt } from '../snapshotSource';

export const snapshotCommand: CliCommand = {
  name: 'snapshot',
  summary: 'write a deterministic JSON snapshot of the effective catalog and what each mode sends (for diff and check)',
  usage: 'snapshot [--out FILE] [--prompt TEXT] [--probe] [--timestamp]',
  options: { ...LIVE_SNAPSHOT_OPTIONS, out: { type: 'string' }, timestamp: { type: 'boolean' } },
  // Without --out the snapshot document itself is stdout: data, kept as it is.
  printsData: (args) => typeof args.values.out !== 'string',
  run: async (ctx) => {
    const snapshot = await liveSnapshot(ctx, { takenAt: ctx.args.values.timestamp === true ? new Date() : undefined });
    const text = serializeSnapshot(snapshot);
    const out = strOpt(ctx, 'out');
    if (out === undefined) {
      ctx.io.stdout(text.trimEnd());
      return 0;
    }
    const file = path.resolve(ctx.io.cwd, out);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    const summary = { out, bytes: Buffer.byteLength(text), tools: snapshot.tools.length, cataloged: snapshot.counts.cataloged, excluded: snapshot.counts.excluded };
    ctx.io.stdout(
      ctx.json
        ? json(summary)
        : `Wrote ${out}: ${summary.tools} tools (${summary.cataloged} cataloged, ${snapshot.counts.directOnly} direct-only, ${summary.excluded} excluded), ${summary.bytes} bytes`,
    );
    return 0;
  },
};
