// `npm run preview` starts here (cli.ts says what it takes), in plain JavaScript so that
// PROXY_TRAY_TOKEN leaves the environment before anything can inherit it: the TypeScript loader
// registered below starts an esbuild process of its own at once, and the preview starts more
// later (esbuild again, browsers opened through a local port, what those start).
import { register } from 'tsx/esm/api';

const token = process.env.PROXY_TRAY_TOKEN || undefined;
delete process.env.PROXY_TRAY_TOKEN;

register();
/** @type {import('./cli')} */
const cli = await import(new URL('./cli.ts', import.meta.url).href);
await cli.runPreview(token);
