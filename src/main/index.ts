import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';

// Composition root. Everything with behaviour lives in plain-Node modules beside this file; this
// file only hands them to Electron.

const POPUP_SIZE = { width: 380, height: 560 };

function createPopupWindow(): BrowserWindow {
  const window = new BrowserWindow({
    ...POPUP_SIZE,
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devServerUrl) void window.loadURL(devServerUrl);
  else void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

void app.whenReady().then(createPopupWindow);
app.on('window-all-closed', () => app.quit());
