import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * The production browser build runs on Preact's React-compatible layer (see vite.config.ts); the
 * development server and the server renderer use React. Hydrating a whole document, Preact differs:
 *
 * - React Router decodes the server's data before its first render and until then throws the
 *   decoding promise. React's root waits for it; Preact's cannot (a Suspense boundary would build
 *   the page a second time). So we start the decoding and wait for it before hydrating.
 *   HydratedRouter decodes before its first hook, so calling it here runs no hook.
 * - Preact renders into an element and treats `document` as `<html>`, so the root layout's
 *   `<html>` would land inside the existing one. It gets a container whose only child is `<html>`.
 * - Preact matches server nodes to components' elements by tag, in order. React's server renderer
 *   puts links in `<head>` that no component renders there: preloads for the first images and
 *   React Router's module preloads (hoisted from `<Scripts>`). Their downloads have started, so
 *   they go before hydrating; otherwise the page's own links would be matched against them. (So
 *   a route's `links` must not preload images or modules itself; frame.spec checks the head.)
 */
async function serverDataDecoded() {
  try {
    HydratedRouter({});
  } catch (pending) {
    if (!(pending instanceof Promise)) throw pending;
    await pending;
  }
}

/** Removes the preload links React's server renderer hoisted into `<head>` (see above). */
function dropHoistedPreloads() {
  for (const link of document.head.querySelectorAll(
    'link[rel="preload"][as="image"], link[rel="modulepreload"]',
  ))
    link.remove();
}

function documentContainer() {
  const html = document.documentElement;
  return {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    ownerDocument: document,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
  } as unknown as Document;
}

function hydrate(container: Document) {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * Resolves after the browser has painted the server's page. Preact hydrates in one task; waiting a
 * frame lets a slow phone show the page first (React's hydration yields for the same reason).
 */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

if (import.meta.env.PREACT)
  void Promise.all([serverDataDecoded(), painted()]).then(() => {
    dropHoistedPreloads();
    hydrate(documentContainer());
  });
else hydrate(document);
