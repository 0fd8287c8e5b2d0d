// A guest's POST from a chosen client address (the loopback network's 127.0.0.x, bound as the connection's local
// address), so tests of per-address limits (failed logins, "forgot password") see different real clients. The
// request carries a CSRF token pair of its own, as a guest's page would.
import http from 'node:http';

export interface AddressedReply {
  status: number;
  /** The Retry-After header in seconds (0 when absent). */
  retryAfterS: number;
  body: any;
}

export function postFrom(
  serverUrl: string,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<AddressedReply> {
  const url = new URL(path, serverUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: 'csrf_token=address-test',
          'x-csrf-token': 'address-test',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfterS: Number(res.headers['retry-after'] ?? 0),
            body: text ? JSON.parse(text) : null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
