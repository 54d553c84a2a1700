import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import * as z from 'zod/mini';
import { Providers } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';

// The contract's schemas are built with zod's mini build, which brings no words of its own: with the English
// locale a refusal the contract does not word (a text too long, a wrong type) reads as the server's reply does.
z.config(z.locales.en());

// The first render waits for the code of the page asked for, and then shows the frame and the page together:
// rendered before, the frame would show a fallback for the page, and React shows content that suspended no
// sooner than 300 ms after a fallback, which held the page's heading that long after its code had arrived.
// It is a transition: React builds the tree in slices of a few milliseconds, yielding to the browser between
// them, rather than in one long task that holds the page while the shell and page are built.
const root = createRoot(document.getElementById('root')!);
void preloadPage(window.location).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
});
