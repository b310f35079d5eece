/**
 * Mail goes through one path: a row in mail_outbox, then a `mail.send` job. With SMTP_URL the
 * job hands it to nodemailer's SMTP transport; without it the row simply stays in the outbox,
 * readable at /dev/mail. Either way the message is never lost when the transport is down:
 * the job retries with backoff.
 */
import type NodeMailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { DB } from '../db/connection';
import { newId } from '../http/ids';
import { onUse } from '../load-on-use';
import type { JobQueue } from '../jobs/queue';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A display name for the From line (a newsletter's sender); the address stays MAIL_FROM's. */
  fromName?: string;
}

/** MAIL_FROM's address under another display name, quoted so any name is one phrase. */
function withName(mailFrom: string, name: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

export const MAIL_JOB = 'mail.send';

/** Only a deployment with SMTP configured sends through nodemailer. */
const loadNodemailer = onUse<typeof NodeMailer>('nodemailer');

export class Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: DB,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
    private readonly now: () => number,
  ) {
    this.transport = config.smtpUrl ? loadNodemailer().createTransport(config.smtpUrl) : null;
  }

  get transportName(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  /** Store the message and queue its delivery. Returns the outbox id. `options.in`: a transaction
   * to write both in, so the mail exists only if the work that sent it commits. */
  async send(message: MailMessage, options: { in?: DB } = {}): Promise<string> {
    const id = newId();
    await (options.in ?? this.db)
      .insertInto('mailOutbox')
      .values({
        id,
        toAddress: message.to,
        fromAddress: message.fromName ? withName(this.config.mailFrom, message.fromName) : this.config.mailFrom,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        headers: JSON.stringify(message.headers ?? {}),
        status: 'queued',
        createdAt: this.now(),
      })
      .execute();
    await this.queue.enqueue(MAIL_JOB, { id }, { in: options.in });
    return id;
  }

  /** The job handler: deliver one outbox row. Idempotent: a sent row is not sent twice. */
  async deliver(id: string): Promise<void> {
    const row = await this.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status === 'sent' || row.status === 'stored') return;
    if (!this.transport) {
      await this.db.updateTable('mailOutbox').set({ status: 'stored', sentAt: this.now() }).where('id', '=', id).execute();
      return;
    }
    try {
      await this.transport.sendMail({
        from: row.fromAddress,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        headers: JSON.parse(row.headers),
      });
      await this.db.updateTable('mailOutbox').set({ status: 'sent', sentAt: this.now(), error: null }).where('id', '=', id).execute();
    } catch (error) {
      await this.db
        .updateTable('mailOutbox')
        .set({ error: String(error) })
        .where('id', '=', id)
        .execute();
      throw error;
    }
  }

  /** For /admin/test: can the transport be reached? */
  async verify(): Promise<{ ok: boolean; detail: string }> {
    if (!this.transport) return { ok: true, detail: 'No SMTP_URL: mail is kept in the outbox at /dev/mail.' };
    try {
      await this.transport.verify();
      return { ok: true, detail: 'SMTP server accepted the connection.' };
    } catch (error) {
      return { ok: false, detail: `SMTP check failed: ${(error as Error).message}` };
    }
  }
}
