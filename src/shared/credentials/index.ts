export * from './copy-formats';
export * from './copy-template';
export * from './format-credentials';
export * from './host-choice';
export * from './proxy-credentials';
export * from './shell-quote';
export * from './url-parts';
