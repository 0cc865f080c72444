// The part of core the extension needs, behind one entry so it can load on
// first use: core brings the MCP SDK and zod, which cost far more to load
// than `activate` itself. Built as its own bundle (dist/coreEntry.js) when
// esbuild.mjs lists it; otherwise inlined lazily into dist/extension.js.
export { OpenWorkspace } from '../core/workspace';
export { fixEdits } from '../core/explain/quickFix';
export { explainWithFixPlans } from '../core/explain/fixPlan';
export { inverseEdits } from '../core/explain/configEdits';
export { CodeBridge } from '../core/bridge/codeBridge';
export { codeModeSessionFor, programSurface } from '../core/orchestration/codeModeProgram';
export { createToolSearchApi } from '../core/gateway/toolSearchApi';
export { ToolIndex } from '../core/search/toolIndex';
export { ALL_MODES, modesOf } from '../core/modes/preview';
export { unlistedLines } from '../core/modes/directory';
export { createLiveMcpSource, discoverWorkspaceServers } from '../core/sources/mcp';
export { findInstalledOpenClaw, locateOpenClaw, OpenClawNotInstalledError, OpenClawUnavailableError, PINNED_OPENCLAW_VERSION } from '../core/oracle/openclawLocation';
export { InstallCancelledError, installOpenClaw } from '../core/oracle/openclawInstall';
export { ConfigValidateAbortedError, validateWithOpenClaw } from '../core/oracle/configValidate';
export { validationFindings } from '../core/oracle/validationFindings';
export { OpenClawOracle } from '../core/oracle/openclawOracle';
export { defaultChildScript, formatVerifyReportMarkdown, verifyCatalog } from '../core/oracle/verify';
export { LazyIndex, PreviewAssembler, previewBaseOf } from '../core/modes/preview';
export { isolationForModes, probePreviewIsolation } from '../core/modes/previewIsolation';
export { serializeSnapshot, takeSnapshot } from '../core/snapshot/snapshot';
export { parseSnapshot } from '../core/snapshot/snapshotFile';
export { diffSnapshots } from '../core/snapshot/diff';
export { diffMarkdown } from '../core/snapshot/diffMarkdown';
export { toPreviewView, rawRequestJson, modeTokensView } from './preview/previewView';
export { captureTurns, defaultGuardScript } from '../core/capture/capture';
export { readSessions } from '../core/telemetry/sessionSources';
export { compareSessions, SessionPairError } from '../core/orchestration/sessionComparison';
export { checkCapture, checkedAgainst } from '../core/capture/captureCheck';
export { predictTurns } from '../core/capture/turnPrediction';
export { openclawRequestContext } from '../core/prompt/openclawContext';
export { CAPTURE_MODES, DEFAULT_CAPTURE_PROMPT } from '../core/capture/captureConfig';
export { finishedView, progressText, startedView, withTurn } from './preview/captureView';
export { suggestFromSessions } from '../core/learning/fromSessions';
export { suggestionDocument } from '../core/learning/suggestionText';
export { descriptionEdit } from '../core/learning/descriptionEdit';
export { authoringCatalogOf, authoringModelOf } from '../core/authoring/catalogTerms';
export { completionsAt, entryDiagnostics, hoverAt } from '../core/authoring/configAssist';
export { foldSpans, outlineJson5 } from '../core/authoring/json5Outline';
export { RankExplainer } from '../core/searchExplain/rankExplanation';
export { suggestionText } from '../core/searchExplain/explanationText';
export { parseSearchTests, runSearchTest } from '../core/searchExplain/searchTests';
export { compareReplay, replaySummary } from '../core/searchExplain/sessionReplay';
export { toolDetail, resultText } from './panels/catalogDetail';
export { sharedArgumentChecker } from '../core/gateway/argumentCheck';
export { compareModes, DEFAULT_COMPARE_PROMPT, realModesOf, withRealRequests } from '../core/orchestration/modeComparison';
export { parseSessionLog } from '../core/telemetry/sessionLog';
export { agentPickItems, runAgentText } from '../core/policy/runAgent';
// The prompt extractor applies the templates' tool-dependent lines as the product does (scripts/extract-openclaw-prompt.mjs).
export { applyPromptSegments, runToolsOf } from '../core/prompt/promptConditions';
export { applyLineEdits } from '../core/prompt/lineEdits';
