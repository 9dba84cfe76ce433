import './style.css';
import { render } from 'preact';
import type { AdminModel } from '../model-types.js';
import { App } from './app.js';

/** Loads the model the server made from the declarations, then draws the view of the address. */
async function start(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  const adminPath = document.body.dataset.admin ?? '';
  const answer = await fetch(`${adminPath}/model.json`, { headers: { accept: 'application/json' } });
  const model = (await answer.json()) as AdminModel;
  root.textContent = '';
  render(<App model={model} />, root);
}

void start();
