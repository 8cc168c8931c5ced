import { useState } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { formatWhen } from '../format';

/** One delivery event of an application (GET /api/staff/applications/:id `deliveries`). */
export interface DeliveryAttempts {
  id: number;
  eventId: string;
  type: string;
  endpoint: string;
  attempts: number;
  createdAt: string;
  deliveredAt: string | null;
  deadAt: string | null;
  lastError: string | null;
  state: 'delivered' | 'dead' | 'pending';
}

const STATE_TAG: Record<DeliveryAttempts['state'], [string, string]> = {
  delivered: ['tag tag--success', 'Delivered'],
  dead: ['tag tag--warning', 'Dead letter'],
  pending: ['tag tag--grey', 'Waiting'],
};

/**
 * Delivery attempts on an application's page, with "Redeliver" for a dead letter (agents and
 * admins; docs/back-office.md "Delivery attempts").
 */
export function DeliveryPanel({
  id,
  session,
  initial,
}: {
  id: number;
  session: Session;
  initial: DeliveryAttempts[];
}) {
  const [deliveries, setDeliveries] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const canRedeliver = session.staff.role === 'agent' || session.staff.role === 'admin';

  async function redeliver(event: DeliveryAttempts) {
    setBusy(true);
    try {
      const body = await api<{ deliveries: DeliveryAttempts[] }>(
        'POST',
        `/api/staff/applications/${id}/deliveries/${event.id}/redeliver`,
      );
      setDeliveries(body.deliveries);
      setAnnouncement(`${event.type} to ${event.endpoint} will be delivered again`);
    } catch (error) {
      setAnnouncement(
        error instanceof ApiError && error.status === 409
          ? 'This event is no longer a dead letter'
          : 'The event could not be redelivered. Try again',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="deliveries-heading">
      <h2 className="heading-m" id="deliveries-heading">
        Delivery attempts
      </h2>
      <p className="body" role="status">
        {announcement}
      </p>
      {deliveries.length === 0 ? (
        <p className="body">Nothing has been sent to the broker’s systems for this application.</p>
      ) : (
        <table className="table table--stack">
          <caption className="visually-hidden">Delivery events, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((event) => {
              const [tag, label] = STATE_TAG[event.state];
              return (
                <tr key={event.id}>
                  <td data-label="Event">
                    {event.type}
                    <br />
                    <span className="hint">{formatWhen(event.createdAt)}</span>
                  </td>
                  <td data-label="Endpoint">{event.endpoint}</td>
                  <td data-label="Attempts">{event.attempts}</td>
                  <td data-label="Last error">{event.lastError ?? 'None'}</td>
                  <td data-label="State">
                    <span className={tag}>{label}</span>
                    {event.deliveredAt ? ` ${formatWhen(event.deliveredAt)}` : null}
                    {event.state === 'dead' && canRedeliver ? (
                      <button
                        type="button"
                        className="button button--secondary button--inline"
                        disabled={busy}
                        aria-label={`Redeliver ${event.type} to ${event.endpoint}`}
                        onClick={() => void redeliver(event)}
                      >
                        Redeliver
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
