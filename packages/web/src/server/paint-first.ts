// The page paints before its JavaScript is fetched (issue 20 item 5: the dataset page's Lighthouse score).
//
// A server-rendered page needs no script to be seen: its HTML and inline stylesheet are the whole first paint.
// With the entry's <script type="module"> and the modulepreload links in the head, the browser fetches about
// 100 kB of JavaScript alongside the HTML, and on a slow phone link (Lighthouse's simulated 1.6 Mbit/s) those
// bytes share the link with what the first paint needs; Lighthouse counts every request made before the
// largest paint as its cost. So the template's module script and preload links are taken out of the HTML and
// a small inline loader adds the same elements once the first paint has been shown (a hidden tab, which
// paints nothing, loads at once). The scripts are still fetched in parallel, a frame later; input made
// meanwhile is kept (lib/early-input.ts).

/** The script and preloads the loader adds, in the page as JSON (the bench's page-weight count reads it). */
export interface AppScripts {
  /** The entry module (the template's <script type="module" src>). */
  entry: string;
  /** Modules to preload beside it: the entry's static imports, then the page's own route chunks. */
  preload: string[];
}

export const APP_SCRIPTS_ID = '__app_scripts';
const LISTED = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}"[^>]*>([^<]*)</script>`);

/** The list a served page's loader adds (what appScriptsLoader wrote), or null when the page has none. */
export function readAppScripts(html: string): AppScripts | null {
  const listed = LISTED.exec(html);
  return listed ? (JSON.parse(listed[1]!) as AppScripts) : null;
}

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/;
const PRELOAD_LINK = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/**
 * The template without its module script and preload links, and what they load; the template unchanged
 * (scripts null) when it has no module script (a template written by hand).
 */
export function takeAppScripts(template: string): { template: string; scripts: AppScripts | null } {
  const entry = MODULE_SCRIPT.exec(template);
  if (!entry) return { template, scripts: null };
  const preload = [...template.matchAll(PRELOAD_LINK)].map((m) => m[1]!);
  const rest = template.replace(MODULE_SCRIPT, '').replace(PRELOAD_LINK, '');
  return { template: rest, scripts: { entry: entry[1]!, preload } };
}

// After the first paint has been shown: the browser's first-contentful-paint entry is reported once the frame is
// presented (a frame's callback, or a task queued from it, can still run before that). A browser without paint
// entries waits for a frame and a task; a page that never paints anything contentful loads after 3 s; a hidden
// tab, which paints nothing, loads at once.
export const APP_SCRIPTS_LOADER = `(function(){var d=document,s=JSON.parse(d.getElementById("${APP_SCRIPTS_ID}").textContent),done=0;
function add(tag,props){var e=d.createElement(tag);for(var k in props)e[k]=props[k];d.head.appendChild(e)}
function go(){if(done)return;done=1;s.preload.forEach(function(f){add("link",{rel:"modulepreload",crossOrigin:"anonymous",href:f})});add("script",{type:"module",crossOrigin:"anonymous",src:s.entry})}
if(d.visibilityState==="hidden")return go();setTimeout(go,3000);var P=window.PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint",buffered:true})}
else requestAnimationFrame(function(){setTimeout(go,0)})})();`;

/**
 * The end-of-body tags that load the app after the first paint: the list as JSON, then the loader, both with
 * the request's nonce (the attribute as the caller writes it, e.g. ` nonce="…"`).
 */
export function appScriptsLoader(scripts: AppScripts, nonceAttribute: string, json: (v: unknown) => string): string {
  return (
    `<script type="application/json" id="${APP_SCRIPTS_ID}"${nonceAttribute}>${json(scripts)}</script>` +
    `<script${nonceAttribute}>${APP_SCRIPTS_LOADER}</script>`
  );
}
