export * from './primitives';
export * from './user';
export * from './proxy';
export * from './plan';
export * from './updates';
