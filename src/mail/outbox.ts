/**
 * The shop's own e-mail (issue 54): what a feature hands over to be sent. A feature builds the message
 * (`compose.ts`), then queues it with `outbox.enqueue(key, mail)`; the queue lives in the shared store, so a
 * send survives a restart and is sent once across replicas, retried with back-off while the SMTP server is
 * down. `enqueue` resolves once the message is queued, never when it is sent: a shopper's action never fails
 * because mail is slow or down.
 */

/** A file sent with the message: a certificate's PDF, a booking's iCalendar. */
export interface MailAttachment {
  readonly filename: string;
  /** e.g. `application/pdf`, `text/calendar; method=REQUEST; charset=utf-8` */
  readonly contentType: string;
  readonly content: Uint8Array | string;
}

/** One message, with both parts every client can read. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
}

export interface Outbox {
  /**
   * Queues `mail` once per `key` (e.g. `booking-confirmed:42`, `return-status:RMA-000003:approved`): a second
   * call with a key already queued does nothing, so a retried request or two replicas never send twice.
   * Rejects only when the shared store itself cannot take it; callers that must not fail log and go on.
   * A key is up to 200 letters, digits and `. _ : / -`, naming what the message is about by ids, never by
   * an e-mail address (the log and the table show keys); any other key is refused with a message saying so.
   */
  enqueue(key: string, mail: OutgoingMail): Promise<void>;
}
