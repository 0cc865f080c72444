import { diffSnapshots, ruleText, type SnapshotDiff } from '../../core/snapshot/diff';
import { diffMarkdown } from '../../core/snapshot/diffMarkdown';
import { UsageError, type CliCommand } from '../cliTypes';
import { json, table, truncate } from '../format';
import { LIVE_SNAPSHOT_OPTIONS, liveSnapshot, snapshotFrom } from '../snapshotSource';

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function names(list: readonly string[], max = 200): string {
  return truncate(list.join(', '), max);
}

function humanDiff(d: SnapshotDiff): string {
  const out = [`Catalog diff: ${d.a} -> ${d.b}`];
  if (d.same) {
    out.push('', 'No change.');
    return out.join('\n');
  }
  const tools: string[][] = [
    ...d.added.map((t) => ['added', t.id, t.status, truncate(t.reason ?? '', 80)]),
    ...d.removed.map((t) => ['removed', t.id, t.status, truncate(t.reason ?? '', 80)]),
    ...d.excluded.map((t) => ['excluded', t.id, `${t.from} -> ${t.to}`, truncate(t.rule ? ruleText(t.rule) : `${t.reasonKind ?? ''}: ${t.reason ?? ''}`, 100)]),
    ...d.readmitted.map((t) => ['re-admitted', t.id, `${t.from} -> ${t.to}`, truncate(`was ${t.rule ? ruleText(t.rule) : `${t.reasonKind ?? ''}: ${t.reason ?? ''}`}`, 100)]),
    ...d.statusChanged.map((t) => ['status', t.id, `${t.from} -> ${t.to}`, truncate(t.reason ?? '', 80)]),
    ...d.schemaChanged.map((t) => ['schema', t.id, '', '']),
    ...d.descriptionChanged.map((t) => ['description', t.id, '', '']),
  ];
  if (tools.length > 0) {
    out.push('', table(['CHANGE', 'TOOL', 'STATUS', 'RULE / REASON'], tools));
  }
  out.push(
    '',
    table(
      ['MODE', 'EFFECTIVE', 'BYTES', 'DELTA', 'TOKENS', 'DELTA', 'VISIBLE +/-'],
      d.modes.map((m) => [
        m.mode,
        m.effectiveMode.a === m.effectiveMode.b ? m.effectiveMode.b : `${m.effectiveMode.a} -> ${m.effectiveMode.b}`,
        `${m.bytes.a} -> ${m.bytes.b}`,
        signed(m.bytes.delta),
        `${m.tokens.a} -> ${m.tokens.b}`,
        signed(m.tokens.delta),
        `+${m.visibleAdded.length} -${m.visibleRemoved.length}`,
      ]),
    ),
  );
  const dir = d.modes.find((m) => m.mode === 'directory')?.directory;
  if (dir) {
    out.push('', `Directory: ${dir.chars.a} -> ${dir.chars.b} of ${dir.maxChars.b} chars, descriptions cut to ${dir.descriptionLimit.a} -> ${dir.descriptionLimit.b}, omitted ${dir.omitted.a} -> ${dir.omitted.b}`);
    const cuts: [string, string[]][] = [
      ['newly shortened', dir.shortenedAdded],
      ['no longer shortened', dir.shortenedRemoved],
      ['newly dropped', dir.droppedAdded],
      ['listed again', dir.droppedRemoved],
    ];
    for (const [label, list] of cuts) {
      if (list.length > 0) {
        out.push(`  ${label}: ${names(list)}`);
      }
    }
  }
  if (d.context.length > 0) {
    out.push('', table(['SETTING', 'BEFORE', 'AFTER'], d.context.map((c) => [c.key, c.a, c.b])));
  }
  return out.join('\n');
}

export const diffCommand: CliCommand = {
  name: 'diff',
  summary: 'what changed between two catalog snapshots (files, or workspace folders taken live; B defaults to the live workspace)',
  usage: 'diff A [B] [--markdown] [--exit-code]',
  options: { ...LIVE_SNAPSHOT_OPTIONS, markdown: { type: 'boolean' }, 'exit-code': { type: 'boolean' } },
  run: async (ctx) => {
    const [a, b, ...extra] = ctx.args.positionals;
    if (a === undefined || extra.length > 0) {
      throw new UsageError('diff expects A [B]: snapshot files or workspace folders (B defaults to the live workspace)');
    }
    if (ctx.json && ctx.args.values.markdown === true) {
      throw new UsageError('--json and --markdown exclude each other');
    }
    const left = await snapshotFrom(ctx, a);
    const right = b !== undefined ? await snapshotFrom(ctx, b) : { snapshot: await liveSnapshot(ctx), label: 'workspace (live)' };
    const d = diffSnapshots(left.snapshot, right.snapshot, { a: left.label, b: right.label });
    ctx.io.stdout(ctx.json ? json(d) : ctx.args.values.markdown === true ? diffMarkdown(d) : humanDiff(d));
    return ctx.args.values['exit-code'] === true && !d.same ? 1 : 0;
  },
};
