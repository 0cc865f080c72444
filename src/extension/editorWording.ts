// The editor's words for what the CLI says with flags (issue 44): a condition
// is assumed with the `toolSearchInspector.assume` setting, not `--assume`.
// Pure: the tree and panel models use it and are tested without VS Code.
import type { ReasonWording } from '../core/reasons';

export const ASSUME_SETTING = 'toolSearchInspector.assume';

export const EDITOR_WORDING: ReasonWording = { assume: (id) => `setting ${ASSUME_SETTING}: "${id}"` };
