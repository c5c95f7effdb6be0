/**
 * The page's JavaScript starts loading once the browser has painted the server's HTML, not
 * before (docs/decisions/007-scripts-after-first-paint.md).
 *
 * On a phone's connection the scripts (about 110 KiB) and the picture that is the largest paint
 * share the bandwidth: loaded together, the picture waits for them. The page works before React
 * has hydrated it (links, GET forms, and every POST form answered by the server), so the scripts
 * can wait one frame. The server hands React Router's module preloads and its module script over
 * inert (`deferred-scripts.server.ts` renames them on the way out); START_SCRIPTS, inline in every
 * page, turns them back on after the first paint.
 */

/** `<link rel="modulepreload">` as the server sends it: the preload scanner ignores it. */
export const HELD_PRELOAD = 'x-modulepreload';
/** React Router's `<script type="module">` as the server sends it: the browser does not run it. */
export const HELD_MODULE = 'x-module';

/**
 * Once the first paint is on screen (the Paint Timing entry is recorded when it is presented; a
 * browser without it gets the frame after the first requestAnimationFrame), put preloading
 * copies in place of the held preloads (a link whose rel changes is not fetched) and run a copy
 * of the held module script with its nonce. A hidden tab paints nothing: after three seconds it
 * starts anyway. Single quotes: the server's rewriting (which looks for `rel="modulepreload"`)
 * must pass this script through unchanged.
 */
export const START_SCRIPTS = `(function(){var started=false;function start(){if(started)return;started=true;
document.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function(l){var n=l.cloneNode();n.rel='modulepreload';l.replaceWith(n)});
var held=document.querySelector('script[type="${HELD_MODULE}"]');if(!held)return;
var s=document.createElement("script");s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;
document.head.appendChild(s)}
function soon(){setTimeout(start,0)}
if(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(soon).observe({type:"paint",buffered:true})}else{requestAnimationFrame(soon)}
setTimeout(start,3000)})()`;
