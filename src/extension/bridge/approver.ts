import * as vscode from 'vscode';
import { locationSuffix } from '../../core/util/location';
import type { ApprovalRequest } from '../../core/gateway/approvals';

const ALLOW = 'Allow once';
const DENY = 'Deny';

function preview(args: Record<string, unknown>): string {
  let s: string;
  try {
    s = JSON.stringify(args);
  } catch {
    s = '(arguments that cannot be shown)';
  }
  return s.length > 400 ? `${s.slice(0, 399)}…` : s;
}

/**
 * Asks the person at the editor whether one gateway call may run. Anything
 * but an explicit "Allow once" (Deny, Escape, closing the dialog) denies.
 */
export async function askApproval(request: ApprovalRequest): Promise<boolean> {
  const rule = request.rule;
  const where = locationSuffix(rule);
  const answer = await vscode.window.showWarningMessage(
    `Allow the tool call "${request.tool.name}"?`,
    {
      modal: true,
      detail: `${request.tool.id} needs approval: approvals.tools "${rule.pattern}"${where}.\n\nArguments: ${preview(request.args)}\n\nCall id: ${request.callId}`,
    },
    ALLOW,
    DENY,
  );
  return answer === ALLOW;
}
