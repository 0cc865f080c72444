// Ids of the commands and views the manifest contributes: the one spelling of each.

/** Every command the manifest contributes; the smoke test checks both agree. */
export const COMMANDS = {
  refresh: 'toolSearchInspector.refresh',
  pickAgent: 'toolSearchInspector.pickAgent',
  explainTool: 'toolSearchInspector.explainTool',
  openCatalogPanel: 'toolSearchInspector.openCatalogPanel',
  showLogs: 'toolSearchInspector.showLogs',
  openLocation: 'toolSearchInspector.openLocation',
  runBridgeSnippet: 'toolSearchInspector.runBridgeSnippet',
  rerunBridgeSnippet: 'toolSearchInspector.rerunBridgeSnippet',
  revealSnippetLine: 'toolSearchInspector.revealSnippetLine',
  addBridgeTypingsDirective: 'toolSearchInspector.addBridgeTypingsDirective',
  previewPayload: 'toolSearchInspector.previewPayload',
  openModePreview: 'toolSearchInspector.openModePreview',
  captureRealRequest: 'toolSearchInspector.captureRealRequest',
  installOpenClaw: 'toolSearchInspector.installOpenClaw',
  clearMcpInputs: 'toolSearchInspector.clearMcpInputs',
  verifyAgainstOpenClaw: 'toolSearchInspector.verifyAgainstOpenClaw',
  suggestDescriptions: 'toolSearchInspector.suggestDescriptions',
  applyDescriptionSuggestion: 'toolSearchInspector.applyDescriptionSuggestion',
  copyDescriptionSuggestion: 'toolSearchInspector.copyDescriptionSuggestion',
  saveBaseline: 'toolSearchInspector.saveBaseline',
  compareWithBaseline: 'toolSearchInspector.compareWithBaseline',
  compareWithSnapshot: 'toolSearchInspector.compareWithSnapshot',
  openSearchPlayground: 'toolSearchInspector.openSearchPlayground',
  compareInEditor: 'toolSearchInspector.compareInEditor',
  compareRecordedSessions: 'toolSearchInspector.compareRecordedSessions',
  setCompareApiKey: 'toolSearchInspector.setCompareApiKey',
  openSessionLog: 'toolSearchInspector.openSessionLog',
  saveBridgeTrace: 'toolSearchInspector.saveBridgeTrace',
  openBridgeTrace: 'toolSearchInspector.openBridgeTrace',
  goToRule: 'toolSearchInspector.goToRule',
  applyToolFix: 'toolSearchInspector.applyToolFix',
  createStarterConfig: 'toolSearchInspector.createStarterConfig',
  enableToolSearch: 'toolSearchInspector.enableToolSearch',
  showServerStderr: 'toolSearchInspector.showServerStderr',
  restartMcpServer: 'toolSearchInspector.restartMcpServer',
} as const;

export const CATALOG_VIEW = 'toolSearchInspector.catalog';
/** The command VS Code derives for focusing the catalog view. */
export const FOCUS_CATALOG_VIEW = `${CATALOG_VIEW}.focus`;
/** VS Code's own command: the Workspace Trust editor. */
export const MANAGE_TRUST = 'workbench.trust.manage';
/** VS Code's own command: the Settings editor, filtered by its argument. */
export const OPEN_SETTINGS = 'workbench.action.openSettings';
