// first: schemas are made when the modules below load
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { preloadFirstScreen } from './app/routes.tsx';
import { startLanguage } from './lib/language.ts';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

const firstScreen = preloadFirstScreen(window.location.pathname);

// The first screen appears in the user's language or not at all: no flash of untranslated keys.
Promise.all([startLanguage(), firstScreen]).then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error);
    const notice = document.createElement('p');
    notice.className = 'boot-error';
    notice.textContent = 'Network interrupted, please refresh and retry.';
    document.getElementById('root')?.replaceChildren(notice);
  },
);
