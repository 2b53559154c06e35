// Preloaded (--import) into a real Node.js to make it report another version, as a machine with
// another Node would: the launcher and the addon check read process.versions.node.
const version = process.env['FAKE_NODE_VERSION'];
if (version) Object.defineProperty(process.versions, 'node', { value: version });
