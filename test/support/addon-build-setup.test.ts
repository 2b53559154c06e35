import { afterEach, describe, expect, it } from 'vitest';
import refuseAddonsBuiltForAnotherNode from './addon-build-setup';

// The unit tests' global setup, on this checkout's node_modules: a run on another Node than it
// was installed for stops with one line instead of crashing as keytar loads.

const realNode = process.versions.node;
const reportNode = (version: string) =>
  Object.defineProperty(process.versions, 'node', { value: version, configurable: true });

afterEach(() => reportNode(realNode));

describe('the unit tests on another Node.js', () => {
  it('stop before any test file loads keytar, saying what to run', () => {
    reportNode('20.0.0');
    expect(() => refuseAddonsBuiltForAnotherNode()).toThrow(
      `keytar was built for Node ${realNode}; this is Node 20.0.0: run \`npm run demo\` or \`npm test\`, which use the right one.`,
    );
  });

  it('run on the Node node_modules was installed for', () => {
    expect(() => refuseAddonsBuiltForAnotherNode()).not.toThrow();
  });
});
