import { ToolApiError, type DescribedTool } from '../../core/toolApi';
import { ToolIndex } from '../../core/search/toolIndex';
import { UsageError, type CliCommand } from '../cliTypes';
import { json } from '../format';
import { withCatalog } from '../session';
import { visibleText } from '../../core/util/visibleText';

export const describeCommand: CliCommand = {
  name: 'describe',
  summary: 'show one tool as describe returns it to the model: compact hit plus exact input schema',
  usage: 'describe ID_OR_NAME',
  run: (ctx) => {
    const target = ctx.args.positionals[0];
    if (!target || target.trim().length === 0) {
      throw new UsageError('describe needs a tool id or name');
    }
    return withCatalog(ctx, (catalog) => {
      let described: DescribedTool;
      try {
        described = ToolIndex.fromCatalog(catalog).describe(target);
      } catch (err) {
        if (!(err instanceof ToolApiError)) {
          throw err;
        }
        // A lookup that finds no single tool: what was asked failed (exit 1).
        ctx.io.stderr(`tool-search-inspect describe: ${err.message}`);
        if (ctx.json) {
          ctx.io.stdout(json({ error: err.message, code: err.code }));
        }
        return 1;
      }
      if (ctx.json) {
        ctx.io.stdout(json(described));
        return 0;
      }
      const out = [
        `${visibleText(described.id)}  (${described.source}, ${visibleText(described.sourceName)})`,
        `name:  ${visibleText(described.name)}`,
        ...(described.label ? [`label: ${visibleText(described.label)}`] : []),
        `input: ${described.input ?? "(none: this OpenClaw sends no input hint)"}`,
        '',
        described.description,
        '',
        'parameters:',
        json(described.parameters),
      ];
      ctx.io.stdout(out.join('\n'));
      return 0;
    });
  },
};
