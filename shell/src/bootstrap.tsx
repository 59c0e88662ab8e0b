import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemotesFromManifest } from './federation/remotes';
import { App } from './App';

async function start() {
  await registerRemotesFromManifest();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
