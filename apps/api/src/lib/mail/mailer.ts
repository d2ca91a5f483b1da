import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  replyTo?: string | undefined;
}

/** Delivers one message or throws; the outbox worker owns retries. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(url: string, { timeoutMs = 15_000 }: { timeoutMs?: number } = {}): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    // Messages are built from our templates only: never let content pull in local files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    close: () => transport.close(),
  };
}
