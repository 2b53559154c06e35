import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('The popup page has no #app element.');

export default mount(App, { target });
