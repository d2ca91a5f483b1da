import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the catcher received it: envelope sender and recipients, the raw message, its subject. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

/** A real SMTP server on loopback (no TLS, no auth) that keeps what it receives, in order. */
export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        const subject = /^Subject: (.*)$/m.exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1] ?? '';
        received.push({ from: mailFrom ? mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
