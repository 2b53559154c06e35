import { mount } from 'svelte';
import App from './App.svelte';
import './styles/global.css';

const target = document.getElementById('app');
if (!target) throw new Error('The popup page has no #app element.');

if (typeof window.proxyTray === 'undefined') {
  // Opened outside the app (or the preload failed): say so instead of showing a broken popup.
  target.textContent = 'Proxy Tray could not connect this window to the app. Restart Proxy Tray.';
}

export default typeof window.proxyTray === 'undefined' ? undefined : mount(App, { target });
