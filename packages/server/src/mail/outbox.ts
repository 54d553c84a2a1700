// Transactional outbox: a mail is a row written in the same transaction as the change
// that causes it, so a rolled-back change sends nothing and a down SMTP server loses nothing. The sender
// (mail/sender.ts) delivers due rows with retries.
import type { Queryable } from '../db/database.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Every mail has a plain-text body; links in it are built from PUBLIC_URL. */
  text: string;
  html?: string;
}

export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
    .execute();
}

/** Whom a personal mail goes to and greets. */
export interface Addressee {
  email: string;
  firstname: string;
  lastname: string;
}

/** A mail to one person: the portal's name before its subject, a greeting by their full name before its lines. */
export async function enqueueLetter(db: Queryable, to: Addressee, subject: string, lines: string[]): Promise<void> {
  await enqueueMail(db, { to: to.email, subject: `Testbed Portal: ${subject}`, text: [`Hello ${to.firstname} ${to.lastname},`, '', ...lines].join('\n') });
}
