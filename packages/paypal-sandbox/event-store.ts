/**
 * The webhook events the sandbox has raised, each with its signed body and delivery state: pending with
 * the time of the next attempt, delivered, or failed once the retry schedule ran out. The table lives in
 * the sandbox's one SQLite file, so deliveries survive a restart.
 */
import { z } from 'zod';
import { Sql } from './sql.ts';
import { eventRow, type EventRecord } from './records.ts';

const idRow = z.object({ id: z.string() });

export class EventStore extends Sql {
  addEvent(event: { id: string; eventType: string; resourceId: string; body: string }, now: number): void {
    this.run(
      `INSERT INTO events (id, event_type, resource_id, body, state, next_at, created_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
      event.id,
      event.eventType,
      event.resourceId,
      event.body,
      now,
      now,
    );
  }

  event(id: string): EventRecord | undefined {
    return this.get(eventRow, 'SELECT * FROM events WHERE id = ?', id);
  }

  events(): EventRecord[] {
    return this.all(eventRow, 'SELECT * FROM events ORDER BY created_at, rowid');
  }

  dueEvents(now: number): string[] {
    return this.all(
      idRow,
      `SELECT id FROM events WHERE state = 'pending' AND next_at <= ? ORDER BY next_at, rowid`,
      now,
    ).map((row) => row.id);
  }

  /** One delivery attempt's outcome; `nextAt` undefined with `state` pending is not allowed, so: */
  recordAttempt(
    id: string,
    outcome: {
      state: 'pending' | 'delivered' | 'failed';
      nextAt?: number;
      status?: number;
      problem?: string;
    },
    now: number,
  ): void {
    this.run(
      `UPDATE events SET state = ?, attempts = attempts + 1, next_at = ?, last_status = ?, last_problem = ?,
         delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END WHERE id = ?`,
      outcome.state,
      outcome.nextAt ?? null,
      outcome.status ?? null,
      outcome.problem ?? null,
      outcome.state,
      now,
      id,
    );
  }

  /** Queues an event again at once (the dashboard's "Resend"). */
  resend(id: string, now: number): boolean {
    return this.run(`UPDATE events SET state = 'pending', next_at = ? WHERE id = ?`, now, id) === 1;
  }
}
