/// <reference lib="dom" />
// Runs in the browser, before the popup's own script: gives the popup the same `window.proxyTray`
// bridge as the preload does in the app, built from the same channel list, over HTTP (requests)
// and Server-Sent Events (events) instead of Electron IPC.
import { BRIDGE_GLOBAL_NAME } from '../../src/shared/ipc/bridge';
import { buildBridge } from '../../src/shared/ipc/build-bridge';

let events: EventSource | undefined;

(window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL_NAME] = buildBridge({
  async invoke(channel, input) {
    const response = await fetch(`/__ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    // An export: where the app shows a save dialog, the harness has the browser download the file.
    const download = response.headers.get('X-Harness-Download');
    if (download) {
      const link = document.createElement('a');
      link.href = download;
      link.download = '';
      link.click();
    }
    return response.json();
  },
  subscribe(event, listener) {
    events ??= new EventSource('/__events');
    const forward = (message: MessageEvent<string>) => listener(JSON.parse(message.data));
    events.addEventListener(event, forward);
    return () => events?.removeEventListener(event, forward);
  },
});
