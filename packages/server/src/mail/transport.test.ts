// Mail transports for real: .eml files in a temporary folder, read back and taken apart as MIME,
// and SMTP to a small SMTP server listening in this process.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { orderConfirmationEmail } from './templates.ts';
import { DEFAULT_FROM, FolderTransport, SmtpTransport, emlFileName, mailTransportFromEnv } from './transport.ts';
import type { MailMessage } from '../policies/mail-transport.ts';
import { decodeWords, readEml } from '../test-support/eml.ts';

// ---- a small SMTP server ----

interface Received {
  helo: string;
  from: string;
  to: string[];
  data: string;
}

async function startSmtpServer(opts: { reject?: RegExp } = {}) {
  const messages: Received[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { helo: '', from: '', to: [], data: '' };
    socket.setEncoding('utf8');
    socket.write('220 test.example ESMTP ready\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // Undo dot-stuffing (RFC 5321 4.5.2).
          current.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { helo: current.helo, from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          current.helo = line.slice(5);
          socket.write('250 test.example\r\n');
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)![1];
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          const to = /<([^>]*)>/.exec(line)![1];
          if (opts.reject?.test(to)) socket.write('550 5.1.1 no such mailbox\r\n');
          else {
            current.to.push(to);
            socket.write('250 2.1.5 ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'RSET') {
          current = { helo: current.helo, from: '', to: [], data: '' };
          socket.write('250 ok\r\n');
        } else if (verb === 'NOOP') socket.write('250 ok\r\n');
        else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('502 5.5.2 not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ----

const tmp = mkdtempSync(path.join(os.tmpdir(), 'store-mail-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const confirmation = orderConfirmationEmail({
  storeName: 'Data Depot',
  orderNumber: 'DD-00001042',
  orderDate: '21 November 2026',
  lines: [{ name: 'Café <script>alert("pwned")</script> List', quantity: 2, lineTotal: '$2,468.00' }],
  totals: { subtotal: '$2,468.00', tax: '$0.00', total: '$2,468.00' },
  paymentSummary: 'Visa ending 4242',
  orderUrl: 'https://store.example.com/orders/DD-00001042',
});
const message: MailMessage = { to: 'casey@example.com', ...confirmation };

describe('FolderTransport', () => {
  it('writes one RFC 5322 .eml per message, creating the folder, with both alternatives', async () => {
    const dir = path.join(tmp, 'nested', 'outbox');
    const transport = new FolderTransport(dir);
    await transport.send(message);
    const files = readdirSync(dir);
    assert.equal(files.length, 1);
    assert.match(files[0], /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{16}\.eml$/);
    const eml = readEml(readFileSync(path.join(dir, files[0]), 'utf8'));
    assert.equal(eml.headers.get('from'), DEFAULT_FROM);
    assert.equal(eml.headers.get('to'), 'casey@example.com');
    assert.equal(decodeWords(eml.headers.get('subject')!), 'Data Depot: order DD-00001042 confirmed');
    assert.equal(eml.headers.get('mime-version'), '1.0');
    assert.match(eml.headers.get('message-id')!, /^<[^@>\s]+@datadepot\.example>$/);
    assert.ok(Math.abs(Date.parse(eml.headers.get('date')!) - Date.now()) < 60_000, 'a Date header of now');
    assert.equal(eml.text.replace(/\r\n/g, '\n'), confirmation.text);
    assert.equal(eml.html.replace(/\r\n/g, '\n'), confirmation.html);
    assert.ok(eml.text.includes('Café <script>alert("pwned")</script> List'), 'plain text as is');
    assert.ok(eml.html.includes('Café &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; List'), 'HTML escaped');
    assert.ok(!eml.html.includes('<script'));
  });

  it('adds a file per message, names that sort by time, no partial files, and uses a given sender', async () => {
    const dir = path.join(tmp, 'many');
    const transport = new FolderTransport(dir, { from: 'Orders <orders@shop.example>' });
    for (let i = 0; i < 5; i++) await transport.send({ ...message, subject: `Message ${i}` });
    await transport.send({ ...message, from: 'Someone <someone@else.example>', subject: 'own sender' });
    const files = readdirSync(dir);
    assert.equal(files.length, 6);
    assert.ok(
      files.every((f) => f.endsWith('.eml')),
      'no leftovers',
    );
    const subjects = files.map((f) => readEml(readFileSync(path.join(dir, f), 'utf8')).headers);
    assert.equal(subjects.filter((h) => h.get('from') === 'Orders <orders@shop.example>').length, 5);
    assert.equal(subjects.filter((h) => h.get('from') === 'Someone <someone@else.example>').length, 1);
    const names = [0, 1, 999, 1000, 86_400_000].map((ms) =>
      emlFileName(new Date(Date.parse('2026-11-21T09:59:59.999Z') + ms)),
    );
    assert.deepEqual([...names].sort(), names);
    assert.notEqual(emlFileName(new Date(0)), emlFileName(new Date(0)), 'random part');
  });

  it('keeps a subject with line breaks inside the Subject header', async () => {
    const dir = path.join(tmp, 'inject');
    await new FolderTransport(dir).send({ ...message, subject: 'Hello\r\nBcc: victim@example.com\r\n\r\n<b>body</b>' });
    const eml = readEml(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8'));
    assert.ok(!eml.headers.has('bcc'));
    assert.ok(!decodeWords(eml.headers.get('subject')!).includes('\n'));
    assert.equal(eml.html.replace(/\r\n/g, '\n'), confirmation.html);
  });

  it('refuses a recipient that is not one plain address, writing nothing', async () => {
    const dir = path.join(tmp, 'recipients');
    const transport = new FolderTransport(dir);
    for (const to of [
      '"<script>alert(1)</script>"@example.com',
      'Casey <casey@example.com>',
      'casey@example.com, eve@evil.example',
      '"casey@example.com" <eve@evil.example>',
      'casey@example.com\r\nBcc: eve@evil.example',
    ])
      await assert.rejects(transport.send({ ...message, to }), /one plain email address/, to);
    assert.deepEqual(readdirSync(tmp).includes('recipients') ? readdirSync(dir) : [], []);
  });

  it('encodes non-ASCII headers and bodies so they read back the same', async () => {
    const dir = path.join(tmp, 'utf8');
    await new FolderTransport(dir).send({
      ...message,
      to: 'jose@example.com',
      subject: 'Bestätigung für Ihre Bestellung – 注文',
      text: 'Grüße — ✓',
      html: '<p>Grüße — ✓</p>',
    });
    const raw = readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8');
    assert.ok(/^[\x00-\x7f]*$/.test(raw), 'the file itself is 7-bit');
    const eml = readEml(raw);
    assert.equal(decodeWords(eml.headers.get('subject')!), 'Bestätigung für Ihre Bestellung – 注文');
    assert.equal(eml.text, 'Grüße — ✓');
    assert.equal(eml.html, '<p>Grüße — ✓</p>');
  });
});

describe('SmtpTransport', () => {
  it('delivers the message to an SMTP server', async () => {
    const server = await startSmtpServer();
    const transport = new SmtpTransport(`smtp://127.0.0.1:${server.port}`, {
      from: 'Data Depot <orders@datadepot.example>',
      timeoutMs: 5_000,
    });
    try {
      await transport.send(message);
    } finally {
      transport.close();
      await server.close();
    }
    assert.equal(server.messages.length, 1);
    const [received] = server.messages;
    assert.equal(received.from, 'orders@datadepot.example');
    assert.deepEqual(received.to, ['casey@example.com']);
    const eml = readEml(received.data);
    assert.equal(eml.headers.get('from'), 'Data Depot <orders@datadepot.example>');
    assert.equal(decodeWords(eml.headers.get('subject')!), confirmation.subject);
    assert.equal(eml.text.replace(/\r\n/g, '\n'), confirmation.text);
    assert.equal(eml.html.replace(/\r\n/g, '\n'), confirmation.html);
  });

  it('fails when the server refuses the recipient or is not there', async () => {
    const server = await startSmtpServer({ reject: /^nobody@/ });
    const transport = new SmtpTransport(`smtp://127.0.0.1:${server.port}`, { timeoutMs: 5_000 });
    try {
      await assert.rejects(transport.send({ ...message, to: 'nobody@example.com' }), /550|no such mailbox|recipients/i);
    } finally {
      transport.close();
      await server.close();
    }
    assert.equal(server.messages.length, 0);
    const gone = new SmtpTransport(`smtp://127.0.0.1:${server.port}`, { timeoutMs: 2_000 });
    await assert.rejects(gone.send(message), /ECONNREFUSED|connect/i);
    gone.close();
    assert.throws(() => new SmtpTransport('http://mail.example.com'), TypeError);
  });
});

describe('mailTransportFromEnv', () => {
  it('writes to MAIL_OUTBOX_DIR (or data/outbox) without SMTP_URL', async () => {
    const dir = path.join(tmp, 'from-env');
    const transport = mailTransportFromEnv({ MAIL_OUTBOX_DIR: dir, MAIL_FROM: 'Env Sender <env@shop.example>' });
    assert.ok(transport instanceof FolderTransport);
    await transport.send(message);
    const eml = readEml(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8'));
    assert.equal(eml.headers.get('from'), 'Env Sender <env@shop.example>');
    const fallback = mailTransportFromEnv({});
    assert.ok(fallback instanceof FolderTransport);
    assert.equal(fallback.dir, path.resolve('data/outbox'));
  });

  it('sends over SMTP when SMTP_URL is set', async () => {
    const server = await startSmtpServer();
    const transport = mailTransportFromEnv({
      SMTP_URL: `smtp://127.0.0.1:${server.port}`,
      MAIL_OUTBOX_DIR: path.join(tmp, 'unused'),
      MAIL_FROM: 'env@shop.example',
    });
    assert.ok(transport instanceof SmtpTransport);
    try {
      await transport.send(message);
    } finally {
      transport.close();
      await server.close();
    }
    assert.equal(server.messages.length, 1);
    assert.equal(server.messages[0].from, 'env@shop.example');
    assert.throws(() => readdirSync(path.join(tmp, 'unused')), /ENOENT/);
  });
});
