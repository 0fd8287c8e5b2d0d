// A load balancer for tests with several server processes: each request goes to the next upstream in
// turn, whoever sends it (never sticky), with its method, path, headers (cookies included) and body
// passed through unchanged, and the answer (every Set-Cookie included) passed back. It counts the
// requests each upstream served and names the one that served an answer in X-Upstream, so a test can
// show its requests really were spread.
import http from 'node:http';

export const UPSTREAM_HEADER = 'x-upstream';

export interface RoundRobinProxy {
  url: string;
  /** Requests sent to each upstream, in the order the upstreams were given. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const counts = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    counts[index]!++;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forward = http.request(target, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(index) });
      answer.pipe(res);
    });
    forward.on('error', (err) => {
      // An upstream that is gone is the proxy's 502, as a real balancer would answer.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`upstream ${index}: ${err.message}`);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    counts,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
