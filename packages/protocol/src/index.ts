export * from './json';
export * from './views';
export * from './errors';
export * from './events';
export * from './lang';
export * from './view-schemas';
export * from './narrowing';
export * from './wire';
