export * from './data-dir';
export * from './log-entries';
export * from './replay';
export * from './session-index';
export * from './session-log';
export * from './session-store';
export * from './session-summary';
export * from './writer-lock';
