// A browser-like HTTP client for API tests: keeps cookies between calls (as a browser would) and
// echoes the csrf_token cookie in X-CSRF-Token on state-changing calls (as the storefront does).
export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface Agent {
  cookies: Map<string, string>;
  /** Any path on the server. */
  get(path: string, init?: RequestInit): Promise<Reply>;
  /** A path under the webstore base. */
  api(path: string, init?: RequestInit): Promise<Reply>;
  post(path: string, body?: unknown, init?: RequestInit): Promise<Reply>;
  patch(path: string, body?: unknown, init?: RequestInit): Promise<Reply>;
  put(path: string, body?: unknown, init?: RequestInit): Promise<Reply>;
  delete(path: string, init?: RequestInit): Promise<Reply>;
  /** A state-changing call with a body that is not JSON (an uploaded image or file) of the given Content-Type. */
  sendBytes(method: string, path: string, bytes: Uint8Array | string, contentType: string): Promise<Reply>;
  /** The Cookie header this agent sends. */
  cookieHeader(): string;
}

export function createAgent(url: string, base: string): Agent {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  async function send(path: string, init: RequestInit = {}): Promise<Reply> {
    const headers = new Headers(init.headers);
    if (cookies.size && !headers.has('cookie')) headers.set('cookie', cookieHeader());
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('x-csrf-token') && cookies.has('csrf_token'))
      headers.set('x-csrf-token', cookies.get('csrf_token')!);
    const res = await fetch(url + path, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()) ||
        attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  async function withCsrf(path: string, method: string, body: unknown, init: RequestInit = {}): Promise<Reply> {
    // A first state-changing call needs the token a page load (or session-context) hands out.
    if (!cookies.has('csrf_token')) await send(`${base}/session-context`);
    const headers = new Headers(init.headers);
    if (body !== undefined) headers.set('content-type', 'application/json');
    return send(path, { ...init, method, headers, body: body === undefined ? init.body : JSON.stringify(body) });
  }

  return {
    cookies,
    cookieHeader,
    get: send,
    api: (path, init) => send(base + path, init),
    post: (path, body, init) => withCsrf(path, 'POST', body, init),
    patch: (path, body, init) => withCsrf(path, 'PATCH', body, init),
    put: (path, body, init) => withCsrf(path, 'PUT', body, init),
    delete: (path, init) => withCsrf(path, 'DELETE', undefined, init),
    sendBytes: async (method, path, bytes, contentType) => {
      if (!cookies.has('csrf_token')) await send(`${base}/session-context`);
      return send(path, { method, headers: { 'content-type': contentType }, body: bytes as BodyInit });
    },
  };
}
